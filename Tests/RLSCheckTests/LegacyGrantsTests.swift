import ElectricRide
import RLSCheck
import RLSSQL
import RLSTestSupport
import Testing

@Suite struct LegacyGrantsTests {
    /// Supabase projects before 2026-10-30 grant every new table to anon and authenticated by default;
    /// the example revokes what it does not grant, so it passes there too.
    @Test func examplePassesUnderLegacyDefaultGrants() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        try db.execute("begin;\n" + render(ElectricRide.schema) + "\ncommit;")
        let report = try AccessCheck.run(ElectricRide.schema, scenarios: ElectricRide.scenarios, on: db)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    /// A table created in the dashboard under legacy grants, with RLS on but a policy to public:
    /// the grant is there, so anon reads everything.
    @Test func legacyGrantMakesAPublicPolicyALeak() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        try db.execute("begin;\n" + render(ElectricRide.schema) + "\ncommit;")
        try db.execute(
            #"grant all on public.saved to anon; alter policy "select_owner_through_profile_id" on public.saved to public using (true)"#)
        let report = try AccessCheck.run(ElectricRide.schema, on: db)
        let anon = report.mismatches.filter {
            $0.probe.table == "public.saved" && $0.probe.persona == .anon && $0.probe.operation == .select && $0.probe.layer == .asDeployed
        }
        #expect(anon.map(\.observed) == [.rows([.alice, .bob])])
        #expect(anon.first?.explanation.contains { $0.contains("holds the SELECT privilege") } == true)
    }
}
