import RLSDatabase
import RLSModel

/// Runs scenarios on top of the fixtures, each inside its own savepoint that is rolled back,
/// each step inside a nested savepoint so an expected error does not end the scenario.
enum ScenarioRunner {
    /// The scenario's result, and whether a step ended because it waited on a lock (a lock timeout
    /// or a deadlock), perhaps another connection's of the same check.
    static func run(_ scenario: Scenario, on connection: Connection) throws -> (result: ScenarioResult, waitedOnALock: Bool) {
        try connection.execute("savepoint rls_check_scenario")
        defer { _ = try? connection.execute("rollback to savepoint rls_check_scenario; release savepoint rls_check_scenario") }
        var results: [ScenarioStepResult] = []
        var waited = false
        // The savepoint a step that succeeded leaves, released at the start of the next round trip.
        var pendingRelease = false
        for step in scenario.steps {
            let prologue =
                (pendingRelease ? "release savepoint rls_check_step;\n" : "") + "savepoint rls_check_step;\n"
                + Impersonation.script(for: step.persona.persona)
            pendingRelease = false
            let observed: Observation
            do {
                let result: QueryResult
                if SQLStatement.split(step.action.sql.text).count == 1 {
                    // One round trip: the savepoint, the persona and the step's one statement.
                    result = try connection.executeReturningLast(prologue + ";\n" + step.action.sql.text)
                } else {
                    // Not one statement: the extended protocol refuses it, as it always did.
                    try connection.execute(prologue)
                    result = try connection.query(step.action.sql.text)
                }
                pendingRelease = true
                observed = .rows(count: max(result.count, result.affectedRows), first: result.first?[0])
            } catch let error as DatabaseError where !error.isConnectionFailure {
                try connection.execute("rollback to savepoint rls_check_step")
                waited = waited || error.state == .lockNotAvailable || error.state == .deadlockDetected
                observed = try classify(error, of: step, on: connection)
                try connection.execute("rollback to savepoint rls_check_step; release savepoint rls_check_step")
            }
            results.append(
                ScenarioStepResult(
                    step: step, observed: observed.description, verdict: observed.satisfies(step.action.expectation) ? .pass : .mismatch))
        }
        return (ScenarioResult(scenario: scenario, steps: results), waited)
    }

    /// Tells a missing privilege from a policy's refusal without reading the message: EXPLAIN checks
    /// the statement's privileges (and nothing else), so a 42501 that EXPLAIN repeats is a missing
    /// grant; one that only running raises, outside any function, is a WITH CHECK refusal.
    /// A 42501 that the impersonation alone repeats means the step never ran: the connecting role
    /// may not become the persona.
    private static func classify(_ error: DatabaseError, of step: ScenarioStep, on connection: Connection) throws -> Observation {
        guard error.state == .insufficientPrivilege else { return .error(error) }
        do {
            try connection.execute(Impersonation.script(for: step.persona.persona))
        } catch let refused as DatabaseError where refused.state == .insufficientPrivilege {
            return .notImpersonated(step.persona.persona, refused)
        }
        do {
            try connection.execute("explain " + step.action.sql.text)
        } catch let explained as DatabaseError where explained.state == .insufficientPrivilege {
            return .permissionDenied(error)
        } catch let other as DatabaseError where !other.isConnectionFailure {
            return .error(error)  // not an explainable statement: report the original error as it is
        }
        return (error.context ?? "").isEmpty ? .rejectedByPolicy(error) : .error(error)
    }

    private enum Observation: CustomStringConvertible {
        case rows(count: Int, first: String?)
        case permissionDenied(DatabaseError)
        case rejectedByPolicy(DatabaseError)
        case error(DatabaseError)
        case notImpersonated(Persona, DatabaseError)

        func satisfies(_ expectation: ScenarioExpectation) -> Bool {
            switch (self, expectation) {
            case (.rows, .succeeds): true
            case (.rows(let count, _), .rowCount(let expected)): count == expected
            case (.rows(_, let first), .returns(let value)): first == value
            case (.permissionDenied, .permissionDenied): true
            case (.rejectedByPolicy, .rejectedByPolicy): true
            case (.permissionDenied(let error), .fails(let state)), (.rejectedByPolicy(let error), .fails(let state)),
                (.error(let error), .fails(let state)):
                error.sqlState == state
            default: false
            }
        }

        var description: String {
            switch self {
            case .rows(let count, let first):
                "\(count) row\(count == 1 ? "" : "s")" + (first.map { ", first value \($0)" } ?? "")
            case .permissionDenied(let error): "permission denied (server: \(error.sqlState ?? "") \(error.message))"
            case .rejectedByPolicy(let error): "rejected by a row-level security policy (server: \(error.sqlState ?? "") \(error.message))"
            case .error(let error): "error \(error.sqlState ?? ""): \(error.message)"
            case .notImpersonated(let persona, let error):
                "not run: \(ProbeRunner.notImpersonated(persona, error))"
            }
        }
    }
}
