import ElectricRide
import RLSCheck
import RLSModel
import Testing

@Suite struct ExampleCheckTests {
    @Test func exampleSchemaPasses() throws {
        let (_, db) = try ExampleDatabase.make()
        let report = try ExampleDatabase.check(db)
        print(MatrixReport(report).text)
        #expect(report.mismatches.isEmpty, "\(MatrixReport(report).text)")
        #expect(report.unverified.isEmpty)
    }
}

@Suite struct ScenarioTests {
    @Test func exampleScenariosPass() throws {
        let (_, db) = try ExampleDatabase.make()
        let report = try ExampleDatabase.check(db)
        #expect(report.scenarios.count == ElectricRide.scenarios.count + ElectricRide.schema.views.count)  // one per view
        #expect(report.failedScenarios.isEmpty, "\(MatrixReport(report).text)")
    }

    @Test func aScenarioFailsWhenBobSeesAlicesSavedListings() throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(#"create policy "peek" on public.saved for select to authenticated using (true)"#)
        let report = try ExampleDatabase.check(db)
        let failed = report.failedScenarios.map(\.scenario.name)
        #expect(failed == ["bob never sees alice's saved listings"])
        let text = MatrixReport(report).text
        #expect(text.contains("FAIL bob never sees alice's saved listings"))
        #expect(text.contains("expected returns 0, got 1 row, first value 2"), "\(text)")
    }
}
