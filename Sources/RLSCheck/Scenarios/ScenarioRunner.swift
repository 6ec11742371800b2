import RLSDatabase
import RLSModel

/// Runs scenarios on top of the fixtures, each inside its own savepoint that is rolled back,
/// each step inside a nested savepoint so an expected error does not end the scenario.
enum ScenarioRunner {
    static func run(_ scenario: Scenario, on connection: Connection) throws -> ScenarioResult {
        try connection.execute("savepoint rls_check_scenario")
        defer { _ = try? connection.execute("rollback to savepoint rls_check_scenario; release savepoint rls_check_scenario") }
        var results: [ScenarioStepResult] = []
        for step in scenario.steps {
            try connection.execute("savepoint rls_check_step;\n" + Impersonation.script(for: step.persona.persona))
            let observed: Observation
            do {
                let result = try connection.query(step.action.sql.text)
                try connection.execute("release savepoint rls_check_step")
                observed = .rows(count: max(result.count, result.affectedRows), first: result.first?[0])
            } catch let error as DatabaseError where !error.isConnectionFailure {
                try connection.execute("rollback to savepoint rls_check_step; release savepoint rls_check_step")
                observed = .error(error)
            }
            results.append(ScenarioStepResult(step: step, observed: observed.description, verdict: observed.satisfies(step.action.expectation) ? .pass : .mismatch))
        }
        return ScenarioResult(scenario: scenario, steps: results)
    }

    private enum Observation: CustomStringConvertible {
        case rows(count: Int, first: String?)
        case error(DatabaseError)

        func satisfies(_ expectation: ScenarioExpectation) -> Bool {
            switch (self, expectation) {
            case (.rows, .succeeds): true
            case (.rows(let count, _), .rowCount(let expected)): count == expected
            case (.rows(_, let first), .returns(let value)): first == value
            case (.error(let error), .permissionDenied): error.sqlState == "42501" && !error.message.contains("row-level security")
            case (.error(let error), .rejectedByPolicy): error.sqlState == "42501" && error.message.contains("row-level security")
            default: false
            }
        }

        var description: String {
            switch self {
            case .rows(let count, let first):
                "\(count) row\(count == 1 ? "" : "s")" + (first.map { ", first value \($0)" } ?? "")
            case .error(let error):
                error.sqlState == "42501"
                    ? (error.message.contains("row-level security") ? "rejected by a row-level security policy" : "permission denied")
                    : "error \(error.sqlState ?? ""): \(error.message)"
            }
        }
    }
}
