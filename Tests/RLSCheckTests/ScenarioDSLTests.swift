import ElectricRide
import RLSModel
import Testing

@Suite struct ScenarioDSLTests {
    @Test func stepsKeepPersonaOrderAndSource() {
        let scenario = Scenario("two personas") {
            As(.alice) {
                Run(SQL(raw: "select 1"))
                Expect(SQL(raw: "select 2"), .returns("2"))
            }
            As(.anon) {
                Expect(SQL(raw: "select * from public.listing"), .permissionDenied)
            }
        }
        #expect(scenario.steps.map(\.persona) == [.alice, .alice, .anon])
        #expect(scenario.steps.map(\.action.expectation) == [.succeeds, .returns("2"), .permissionDenied])
        #expect(scenario.steps[0].action.source.fileID.hasSuffix("ScenarioDSLTests.swift"))
        #expect(scenario.steps[2].action.source.line == scenario.steps[1].action.source.line + 3)
    }

    @Test func exampleScenariosLiveInPolicies() {
        #expect(ElectricRide.scenarios.count == 4)
        #expect(ElectricRide.scenarios.allSatisfy { $0.source.fileID == "ElectricRide/ElectricRide+Scenarios.swift" })
    }

    @Test func policyExpectationsCoverRolesAndOperations() {
        let policy = Policy("authors", for: .all, to: [.authenticated], using: SQL(raw: "true"))
            .expects(.ownRows)
            .expects(.everyRow, for: [.select])
        #expect(policy.expectation(for: .authenticated, .select) == .everyRow)
        #expect(policy.expectation(for: .authenticated, .update) == .ownRows)
        #expect(policy.expectation(for: .anon, .select) == nil)
    }
}
