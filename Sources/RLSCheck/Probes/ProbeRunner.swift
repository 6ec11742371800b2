import RLSDatabase

/// Runs probes inside the check's transaction, each in the same savepoint that is rolled back
/// before the next: two round trips per probe (rollback + grant + impersonation, then the probe).
struct ProbeRunner {
    static let savepoint = "rls_check_probe"
    let connection: Connection
    let statements: ProbeStatements

    /// Opens the savepoint every probe rolls back to. Call once, after the fixtures are in.
    func start() throws {
        try connection.execute("savepoint \(Self.savepoint)")
    }

    /// Runs one probe and classifies what happened.
    func run(_ probe: Probe) throws -> (outcome: ProbeOutcome, note: String?) {
        var prologue = ["rollback to savepoint \(Self.savepoint)"]
        if let grant = statements.grant(for: probe) { prologue.append(grant) }
        prologue.append(Impersonation.script(for: probe.persona))
        do {
            try connection.execute(prologue.joined(separator: ";\n"))
        } catch let error as DatabaseError where !error.isConnectionFailure {
            return (.notRun("\(error.sqlState ?? "") \(error.message)"), nil)
        }
        do {
            let result = try connection.query(statements.sql(for: probe))
            if probe.operation == .select {
                let owners = result.rows.compactMap { $0[0].flatMap(FixtureOwner.init(rawValue:)) }
                return (.rows(Set(owners)), nil)
            }
            return (result.affectedRows > 0 ? .allowed : .filtered, nil)
        } catch let error as DatabaseError where !error.isConnectionFailure {
            return Self.classify(error)
        }
    }

    /// Leaves the savepoint, undoing the last probe.
    func finish() throws {
        try connection.execute("rollback to savepoint \(Self.savepoint); release savepoint \(Self.savepoint)")
    }

    /// 42501 with "row-level security" is WITH CHECK; other 42501 is a missing grant; integrity
    /// errors (23xxx) are raised only after the access checks passed, so the write was allowed.
    static func classify(_ error: DatabaseError) -> (outcome: ProbeOutcome, note: String?) {
        let state = error.sqlState ?? ""
        if state == "42501" {
            return (error.message.contains("row-level security") ? .rejectedByCheck : .deniedByGrant, nil)
        }
        if state.hasPrefix("23") {
            return (.allowed, "passed the access checks, then: \(error.message)")
        }
        return (.error(sqlState: state, message: error.message), nil)
    }
}
