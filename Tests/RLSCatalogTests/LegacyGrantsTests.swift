import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// Older Supabase projects grant every new table in `public` to the API roles by default. The
/// desired state is computed the same way, so those grants are neither drift nor forgotten.
@Suite("Legacy default grants")
struct LegacyGrantsTests {
    @Test func untouchedLegacyDatabaseHasNoDrift() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql)
        #expect(try db.introspectCatalog().publicTableDefaults == .legacyGrantAll)
        let plan = try Drift.plan(target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster)
        #expect(plan.isEmpty, "\(plan.sql)")
        // Compared with a database without default grants, each auto-grant shows up.
        let strict = try Drift.plan(
            target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster,
            defaultPrivileges: DefaultPrivileges.none)
        #expect(strict.changes.contains { $0.summary.hasPrefix("- privilege") && $0.name.hasSuffix("to anon") })
    }

    @Test func newTableOnLegacyDatabaseKeepsOnlyDeclaredGrants() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        let desired = try PlanHarness.catalog(
            """
            create table public.note (id bigint primary key, body text);
            alter table public.note enable row level security;
            grant select on public.note to authenticated;
            """)
        let plan = ChangePlan(from: try db.introspectCatalog(), to: desired)
        try db.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")
        let grants = try db.introspectCatalog().grants.filter { $0.object.name == "note" }
        #expect(grants.map { "\($0.grantee) \($0.privilege.catalogName)" } == ["authenticated SELECT"])
    }
}
