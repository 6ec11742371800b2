import RLSDatabase
import RLSSQL

/// Runs probes inside the check's transaction, each in the same savepoint that is rolled back
/// before the next. A probe is ONE round trip: rollback, impersonation and the probe travel as one
/// script, the probe wrapped in a `do` block that reports its rows or row count as a notice (errors
/// pass through unchanged). Policies-only probes send their grant first, so a refused grant is
/// never mistaken for the probe's own outcome. Where an API role may not run PL/pgSQL (a hardened
/// database), each probe takes a second round trip instead, with the same results.
struct ProbeRunner {
    static let savepoint = "rls_check_probe"
    static let marker = "rls check probe: "
    let connection: Connection
    let statements: ProbeStatements
    private(set) var batches = true
    /// How many context lines the probe's own `do` block adds to an error, measured at start (the
    /// words depend on `lc_messages`, the count does not); more lines mean a function raised it.
    private(set) var wrapperFrames = 0

    init(connection: Connection, statements: ProbeStatements) {
        self.connection = connection
        self.statements = statements
    }

    /// Opens the savepoint every probe rolls back to. Call once, after the fixtures are in.
    mutating func start() throws {
        batches = try connection.query(
            """
            select bool_and(has_language_privilege(r.oid, 'plpgsql', 'USAGE')) as usable
            from pg_roles r where r.rolname in ('anon', 'authenticated', 'service_role')
            """
        ).first?["usable"] == "t"
        try connection.execute("set local client_min_messages = notice; savepoint \(Self.savepoint)")
        if batches {
            do {
                try connection.execute(reporting("select 1 / 0", select: false))
            } catch let error as DatabaseError where !error.isConnectionFailure {
                wrapperFrames = (error.context ?? "").split(separator: "\n").count
            }
            try connection.execute("rollback to savepoint \(Self.savepoint)")
        }
    }

    /// Runs one probe and classifies what happened.
    func run(_ probe: Probe) throws -> (outcome: ProbeOutcome, note: String?) {
        var script = ["rollback to savepoint \(Self.savepoint)"]
        if let grant = statements.grant(for: probe) {
            do {
                try connection.execute(script.joined() + ";\n" + grant)
            } catch let error as DatabaseError where !error.isConnectionFailure {
                return (.notRun("\(error.sqlState ?? "") \(error.message)"), nil)
            }
            script = []
        }
        script.append(Impersonation.script(for: probe.persona))
        guard batches else { return try runSeparately(probe, prologue: script) }
        script.append(reporting(statements.sql(for: probe), select: probe.operation == .select))
        connection.clearNotices()
        do {
            try connection.execute(script.joined(separator: ";\n"))
        } catch let error as DatabaseError where !error.isConnectionFailure {
            return try classify(error, of: probe, ownFrames: wrapperFrames)
        }
        guard let report = connection.notices.last(where: { $0.message.hasPrefix(Self.marker) })?.message.dropFirst(Self.marker.count) else {
            return (.notRun("the probe reported nothing (is client_min_messages above notice?)"), nil)
        }
        if probe.operation == .select {
            return (.rows(Set(report.split(separator: "+").compactMap { FixtureOwner(rawValue: String($0)) })), nil)
        }
        return ((Int(report) ?? 0) > 0 ? .allowed : .filtered, nil)
    }

    /// The same probe in two round trips: the prologue, then the statement itself.
    private func runSeparately(_ probe: Probe, prologue: [String]) throws -> (outcome: ProbeOutcome, note: String?) {
        try connection.execute(prologue.joined(separator: ";\n"))
        do {
            let result = try connection.query(statements.sql(for: probe))
            if probe.operation == .select {
                return (.rows(Set(result.rows.compactMap { $0[0].flatMap(FixtureOwner.init(rawValue:)) })), nil)
            }
            return (result.affectedRows > 0 ? .allowed : .filtered, nil)
        } catch let error as DatabaseError where !error.isConnectionFailure {
            return try classify(error, of: probe, ownFrames: 0)
        }
    }

    /// Leaves the savepoint, undoing the last probe.
    func finish() throws {
        try connection.execute("rollback to savepoint \(Self.savepoint); release savepoint \(Self.savepoint)")
    }

    /// The probe inside a `do` block that raises a notice with the owners a SELECT returned, or the
    /// rows a write affected. `execute` plans the statement afresh as the impersonated role.
    private func reporting(_ sql: String, select: Bool) -> String {
        let body = select
            ? "execute \(quoteLiteral("select coalesce(string_agg(o, '+' order by o), '') from (\(sql)) as s(o)")) into result;"
            : "execute \(quoteLiteral(sql));\n  get diagnostics affected = row_count;\n  result := affected::text;"
        var tag = "$rls_probe$"
        while body.contains(tag) { tag = "$rls_probe_\(tag.count)$" }
        return """
            do \(tag)
            declare result text; affected bigint;
            begin
              \(body)
              raise notice '\(Self.marker)%', result;
            end
            \(tag)
            """
    }

    /// Classifies a failed probe by SQLSTATE and the catalog, never by the message's words (which
    /// change with `lc_messages`). 42501 is a missing grant when the role lacks the privileges the
    /// statement needs; with the privileges held it is a WITH CHECK refusal, unless a function
    /// (a trigger, a helper) raised it or the statement cannot have a WITH CHECK (SELECT, DELETE).
    /// Integrity errors (23xxx) come only after the access checks passed, so the write was allowed.
    /// The note always carries the server's own words.
    ///
    /// `ownFrames` is how many context lines the probe's own wrapper adds (see ``wrapperFrames``).
    func classify(_ error: DatabaseError, of probe: Probe, ownFrames: Int) throws -> (outcome: ProbeOutcome, note: String?) {
        let server = "server: \(error.sqlState ?? "?????") \(error.message)"
        guard let state = error.state else { return (.error(sqlState: "", message: error.message), server) }
        if state.isIntegrityConstraintViolation {
            return (.allowed, "passed the access checks, then \(server)")
        }
        guard state == .insufficientPrivilege else { return (.error(sqlState: state.rawValue, message: error.message), server) }
        try connection.execute("rollback to savepoint \(Self.savepoint)")
        let held = try probe.layer == .policiesOnly || statements.privilegesHeld(by: probe, on: connection)
        if !held { return (.deniedByGrant, server) }
        let frames = (error.context ?? "").split(separator: "\n").count
        if frames > ownFrames {
            return (.error(sqlState: state.rawValue, message: error.message), "raised inside a function although the privilege is held; \(server)")
        }
        if probe.operation == .insert || probe.operation == .update {
            return (.rejectedByCheck, server)
        }
        return (.error(sqlState: state.rawValue, message: error.message), server)
    }
}
