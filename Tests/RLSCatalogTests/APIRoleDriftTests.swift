import Foundation
import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// `rls plan` shows roles granted to the API roles and their default privileges as drift, also when
/// the desired state is cached (the no-op fast path must not hide them). Memberships are
/// cluster-wide, so they are only made inside a transaction that is rolled back.
@Suite("Drift: API role memberships and default privileges", .serialized)
struct APIRoleDriftTests {
    @Test func grantAuthenticatedToAnonIsDriftEvenWithACachedDesiredState() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("rls-drift-roles-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let clean = try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster, cacheDirectory: cache)
        #expect(clean.isEmpty, "\(clean.sql)")
        try db.execute("begin; grant authenticated to anon")
        defer { _ = try? db.execute("rollback") }
        let plan = try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster, cacheDirectory: cache)
        #expect(plan.changes.map(\.sql) == [#"revoke "authenticated" from "anon";"#])
        #expect(plan.changes.map(\.summary) == ["- privilege role authenticated granted to anon"])
    }

    @Test func aDefaultPrivilegeForAnonIsDriftAndSupabasesOwnAreNot() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        #expect(try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster).isEmpty)
        try db.execute("alter default privileges for role postgres grant select on tables to anon")
        let plan = try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster)
        // The connected role's own defaults: the migration names no role, so it runs as whoever applies it.
        #expect(plan.changes.map(\.sql) == [#"alter default privileges revoke select on tables from "anon";"#])
        #expect(plan.changes.map(\.summary) == ["- default privileges select on new tables from anon"])
        try db.execute(plan.sql)
        #expect(try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster).isEmpty)
    }
}
