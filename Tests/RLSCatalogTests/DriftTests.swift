import Foundation
import RLSCatalog
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

/// `rls plan` drift: a database built from the desired SQL shows none; changes made by hand (as in
/// the Supabase dashboard) are found and named.
@Suite("Drift")
struct DriftTests {
    /// A database holding the mini schema, the hand change applied (by the admin), and its drift.
    static func drift(after handChange: String) throws -> ChangePlan {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        if !handChange.isEmpty { try PlanHarness.asAdmin(url, handChange) }
        return try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster)
    }

    @Test func untouchedDatabaseHasNoDrift() throws {
        let plan = try Self.drift(after: "")
        #expect(plan.isEmpty, "\(plan.sql)")
    }

    @Test func policyAddedByHand() throws {
        let plan = try Self.drift(
            after: """
                create policy "everyone reads saved" on public.saved for select to anon using (true);
                """)
        #expect(plan.changes.map(\.summary) == ["- policy public.saved.everyone reads saved"])
    }

    @Test func policyUsingChangedByHand() throws {
        let plan = try Self.drift(after: #"alter policy "owner reads saved" on public.saved using (true);"#)
        #expect(plan.changes.map(\.summary) == ["~ policy public.saved.owner reads saved"])
        #expect(plan.sql.contains("using ((( SELECT auth.uid() AS uid) = patron_id))"))
    }

    @Test func rowSecurityDisabledByHand() throws {
        let plan = try Self.drift(after: "alter table public.saved disable row level security;")
        #expect(plan.changes.map(\.summary) == ["+ row level security public.saved"])
    }

    @Test func grantToAnonAddedByHand() throws {
        let plan = try Self.drift(after: "grant select, update on public.saved to anon;")
        #expect(plan.changes.map(\.summary) == ["- privilege SELECT, UPDATE on public.saved to anon"])
        #expect(plan.sql == "revoke select, update on table \"public\".\"saved\" from \"anon\";\n")
    }

    @Test func tableAddedToRealtimeInTheDashboard() throws {
        let plan = try Self.drift(after: "alter publication supabase_realtime add table public.saved;")
        #expect(plan.changes.map(\.summary) == ["- live changes public.saved"])
        #expect(plan.sql == "ALTER PUBLICATION \"supabase_realtime\" DROP TABLE \"public\".\"saved\";\n")
    }

    @Test func replicaIdentityChangedInTheDashboard() throws {
        let plan = try Self.drift(after: "alter table public.saved replica identity full;")
        #expect(plan.changes.map(\.summary) == ["~ replica identity public.saved"])
    }

    /// The no-op fast path compares fingerprints of what introspection read: a change to the
    /// publication alone must change the fingerprint, or the cached plan would hide it.
    @Test func publicationDriftDefeatsTheCachedNoOpPlan() throws {
        let cache = NSTemporaryDirectory() + "rls-drift-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        let first = try Drift.plan(
            target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster,
            cacheDirectory: cache)
        #expect(first.isEmpty)
        try PlanHarness.asAdmin(url, "alter publication supabase_realtime add table public.saved;")
        let second = try Drift.plan(
            target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster,
            cacheDirectory: cache)
        #expect(second.changes.map(\.summary) == ["- live changes public.saved"])
    }

    @Test func triggerDroppedByHand() throws {
        let plan = try Self.drift(after: "drop trigger on_auth_user_created on auth.users;")
        #expect(plan.changes.map(\.summary) == ["+ trigger auth.users.on_auth_user_created"])
    }

    @Test func triggerAddedByHandOnAuthUsersIsNotDrift() throws {
        // Supabase, extensions and other tools put their own triggers on auth.users.
        let plan = try Self.drift(
            after: """
                create function auth.audit_signup() returns trigger language plpgsql as $$ begin return new; end $$;
                create trigger audit_signup after insert on auth.users for each row execute function auth.audit_signup();
                """)
        #expect(plan.isEmpty, "\(plan.sql)")
    }

    @Test func planReadsTheTargetInsideAReadOnlyTransaction() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        try db.execute("BEGIN READ ONLY")
        let plan = try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster)
        #expect(db.isInTransaction)
        try db.execute("COMMIT")
        #expect(plan.isEmpty)
    }

    @Test func pendingMigrationsAreNotDrift() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        let pending = SQLScript(
            name: "20261122000000_index.sql",
            sql: "create index listing_brand_id_idx on public.listing (brand_id);")
        let desired = MiniSupabaseSchema.sql + "\n" + pending.sql
        let full = try Drift.plan(target: db, desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(full.changes.map(\.summary) == ["+ index public.listing_brand_id_idx"])
        let drift = try Drift.plan(
            target: db, desiredSQL: desired,
            applied: [SQLScript(name: "init.sql", sql: MiniSupabaseSchema.sql)],
            pending: [pending], scratch: TestDatabase.cluster)
        #expect(drift.isEmpty)
    }

    @Test func cachedDesiredStateNeedsNoCluster() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-cache-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        #expect(!Drift.isDesiredStateCached(MiniSupabaseSchema.sql, cacheDirectory: directory))
        #expect(!Drift.isDesiredStateCached(MiniSupabaseSchema.sql, cacheDirectory: nil))
        let first = try Drift.plan(
            target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster,
            cacheDirectory: directory)
        #expect(Drift.isDesiredStateCached(MiniSupabaseSchema.sql, cacheDirectory: directory))
        #expect(!Drift.isDesiredStateCached(MiniSupabaseSchema.sql + "\n", cacheDirectory: directory))
        let second = try Drift.plan(
            target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: try Self.noCluster(),
            cacheDirectory: directory)
        #expect(first.isEmpty && second.isEmpty)
        // A desired SQL with another statement is not served from the cache (the increment from the
        // cached state needs a cluster too).
        #expect(throws: DriftError.self) {
            try Drift.plan(
                target: db, desiredSQL: MiniSupabaseSchema.sql + "\ncomment on table public.listing is 'edited';\n",
                scratch: try Self.noCluster(), cacheDirectory: directory)
        }
    }

    @Test func anUnchangedTargetMatchesTheCachedFingerprintAndDriftStillShows() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-cache-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        _ = try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster, cacheDirectory: directory)
        // The same objects in another database read the same: the fast path is taken, not dead code.
        let (_, target) = try db.introspectCatalogWithFingerprint()
        let cached = DesiredCatalogCache(directory: directory).fingerprint(for: MiniSupabaseSchema.sql, defaultPrivileges: .none)
        #expect(cached == target)
        // A hand-made change breaks the match, and the full diff names it.
        try db.execute("create policy \"dashboard peek\" on public.listing for select to anon using (true)")
        let drift = try Drift.plan(
            target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: try Self.noCluster(),
            cacheDirectory: directory)
        #expect(drift.changes.map(\.summary).contains("- policy public.listing.dashboard peek"))
    }

    static func noCluster() throws -> EmbeddedCluster {
        throw DriftError(message: "A cluster was needed although the desired state was cached.")
    }

    @Test func failingDesiredSQLNamesItself() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        #expect {
            try Drift.plan(target: db, desiredSQL: "create table public.x (id nosuchtype);", scratch: TestDatabase.cluster)
        } throws: { error in
            "\(error)".contains("The DSL's schema failed on a throwaway database")
                && "\(error)".contains("nosuchtype")
        }
    }
}
