import ElectricRide
import RLSDatabase
import RLSPlan
import RLSSQL
import RLSTestSupport
import Testing

/// `rls plan` as a library call: what tools of one's own get without the command line.
@Suite("DatabasePlan: plan as values")
struct DatabasePlanTests {
    @Test("A database holding the schema has no drift; a policy dropped by hand is drift, and the access diff says who lost what")
    func driftAndAccess() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin;\n" + render(ElectricRide.schema) + "\ncommit;")
        let scratch = ScratchCluster(reusing: try TestDatabase.cluster)
        let clean = try DatabasePlan.make(ElectricRide.schema, migrations: [], on: db, scratch: scratch, cacheDirectory: nil)
        #expect(clean.drift.isEmpty, "\(clean.drift.changes.map(\.summary))")
        #expect(!clean.hasChanges)
        #expect(clean.access == nil, "access is computed only when asked for")
        #expect(
            try DatabasePlan.driftNote(ElectricRide.schema, on: db, scratch: scratch, cacheDirectory: nil)
                == "the database matches the schema (no drift)")

        let policy = try #require(
            try db.query(
                """
                select policyname from pg_policies where schemaname = 'public' and tablename = 'saved' and cmd = 'DELETE'
                """
            ).rows.first?.string("policyname"))
        try db.execute("drop policy \(quoteIdentifier(policy)) on public.saved")
        let drifted = try DatabasePlan.make(
            ElectricRide.schema, migrations: [], on: db, scratch: scratch, cacheDirectory: nil, includingAccess: true)
        #expect(drifted.hasChanges)
        #expect(drifted.drift.changes.contains { $0.summary.contains(policy) }, "\(drifted.drift.changes.map(\.summary))")
        let access = try #require(drifted.access)
        #expect(!access.changes.isEmpty, "re-creating the delete policy gives the owner back their delete")
        #expect(
            try DatabasePlan.driftNote(ElectricRide.schema, on: db, scratch: scratch, cacheDirectory: nil)
                .hasPrefix("the database DIFFERS from the schema in 1 place"))
    }
}
