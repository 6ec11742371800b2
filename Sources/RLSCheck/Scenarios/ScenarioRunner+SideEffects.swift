import RLSDatabase
import RLSModel

extension ScenarioRunner {
    /// ``run(_:on:)``, unless a step's statement may fire one of `sideEffects`
    /// (``SideEffectTrigger/mayFire(_:)``): then no step runs, each not run with the trigger's reason.
    static func run(
        _ scenario: Scenario, on connection: Connection, skipping sideEffects: [SideEffectTrigger]
    ) throws -> (result: ScenarioResult, waitedOnALock: Bool) {
        let trigger = sideEffects.first { trigger in scenario.steps.contains { trigger.mayFire($0.action.sql.text) } }
        guard let trigger else { return try run(scenario, on: connection) }
        let steps = scenario.steps.map { ScenarioStepResult(step: $0, observed: .notRun(trigger.reason)) }
        return (ScenarioResult(scenario: scenario, steps: steps), false)
    }
}
