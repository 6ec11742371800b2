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
            let observed: (Observation, note: String?)
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
                observed = (.returned(rows: max(result.count, result.affectedRows), first: result.first?[0]), nil)
            } catch let error as DatabaseError where !error.isConnectionFailure {
                try connection.execute("rollback to savepoint rls_check_step")
                waited = waited || error.state == .lockNotAvailable || error.state == .deadlockDetected
                observed = try classify(error, of: step, on: connection)
                try connection.execute("rollback to savepoint rls_check_step; release savepoint rls_check_step")
            }
            results.append(ScenarioStepResult(step: step, observed: observed.0, note: observed.note))
        }
        return (ScenarioResult(scenario: scenario, steps: results), waited)
    }

    /// Tells a missing privilege from a policy's refusal without reading the message: EXPLAIN checks
    /// the statement's privileges (and nothing else), so a 42501 that EXPLAIN repeats is a missing
    /// grant; one that only running raises, outside any function, is a WITH CHECK refusal.
    /// A 42501 that the impersonation alone repeats means the step never ran: the connecting role
    /// may not become the persona.
    private static func classify(
        _ error: DatabaseError, of step: ScenarioStep, on connection: Connection
    ) throws -> (Observation, note: String?) {
        let server = "server: \(error.sqlState ?? "") \(error.message)"
        let failed = (Observation.failed(state: error.state, message: error.message), String?.none)
        guard error.state == .insufficientPrivilege else { return failed }
        do {
            try connection.execute(Impersonation.script(for: step.persona.persona))
        } catch let refused as DatabaseError where refused.state == .insufficientPrivilege {
            return (.notRun(ProbeRunner.notImpersonated(step.persona.persona, refused)), nil)
        }
        do {
            try connection.execute("explain " + step.action.sql.text)
        } catch let explained as DatabaseError where explained.state == .insufficientPrivilege {
            return (.deniedByGrant, server)
        } catch let other as DatabaseError where !other.isConnectionFailure {
            return failed  // not an explainable statement: report the original error as it is
        }
        return (error.context ?? "").isEmpty ? (.rejectedByWithCheck, server) : failed
    }
}
