import ElectricRide
import RLSDatabase
import RLSPlan
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 33: before the first apply, `rls plan` on a fresh hosted-shaped database (Supabase's default
/// privileges name `postgres` itself) showed `revoke ... from "postgres"` on every object. The owner's
/// privileges are implicit; a plan never touches them unless the database really differs.
@Suite("rls plan on a fresh database")
struct FreshDatabasePlanTests {
    static let hostedDefaults = """
        alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
        alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
        alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
        """

    @Test func aPlanBeforeTheFirstApplyLeavesTheOwnersPrivilegesAlone() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.hostedDefaults)
        let scratch = ScratchCluster(reusing: try TestDatabase.cluster)
        let plan = try DatabasePlan.make(ElectricRide.schema, migrations: [], on: db, scratch: scratch, cacheDirectory: nil)
        #expect(plan.hasChanges, "the schema is still to create")
        let owner = plan.drift.changes.filter { $0.sql.contains(#""postgres""#) }
        #expect(owner.isEmpty, "\(owner.map(\.sql))")
    }
}
