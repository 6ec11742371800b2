import Foundation
import RLSDatabase
import RLSModel
import RLSSQL

/// Runs probes inside the check's transaction, many per round trip. Probes travel as data in blocks
/// of ``probesPerBlock``, each one call of a temporary PL/pgSQL function (see ``ProbeBlock``): for
/// each run of probes that share a persona and a grant, the block grants (policies-only probes) and
/// impersonates once; for each probe it runs the probe, then rolls it back by raising, catches what
/// happened and reports it: the rows or row count, or the error's SQLSTATE, message and the number of
/// its context's lines; after a 42501 the runner asks the catalog which privilege the persona lacked,
/// once for the whole pipeline. Each table's policies-only probes run after its as-deployed ones for
/// the same persona, so that one grant serves them all. No probe error reaches
/// the client, so the blocks travel in a pipeline (a thousand probes a round trip) and one probe's
/// failure never skips the next. What a block cannot catch (a statement timeout, a cancel) fails its
/// statement of the pipeline, without a report; its probes then run again one per block, so that
/// each has the statement timeout to itself, as when every probe was its own statement, and the one
/// that fails alone is classified from its error. Where an API role may not run PL/pgSQL, or the
/// connecting role may not make temporary objects (a hardened database), each probe takes two round
/// trips instead, with the same results.
struct ProbeRunner {
    static let savepoint = "rls_check_probe"
    /// Probes per block: each block sends its probes as one call's parameters, and a block
    /// that fails (a timeout) costs its probes a second run.
    static let probesPerBlock = 50
    /// Probes per pipeline: enough to make round trips negligible, few enough to keep memory small.
    static let probesPerPipeline = 1_000
    /// Blocks sent ahead of the server: the client writes the next block while the server runs these.
    static let blocksAhead = 3
    let connection: Connection
    let statements: ProbeStatements
    /// Whether probes run in blocks (else on their own, see ``unbatchedBecause``).
    var batches: Bool { unbatchedBecause == nil }
    /// How many context lines the probe blocks' own function adds to an error, measured at start (the
    /// words depend on `lc_messages`, the count does not); more lines mean a function raised it.
    private(set) var wrapperFrames = 0
    /// Why probes run on their own (two round trips each) instead of in blocks, in the user's
    /// words with what to grant; nil where they run in blocks.
    private(set) var unbatchedBecause: String?
    /// What the probes need to know of each declared table.
    let tables: [TableName: TableFacts]
    /// Which connection's fixture users the probes sign in as (see ``Persona/User/onLane(_:)``).
    let lane: Int

    /// A declared table as the database holds it.
    struct TableFacts {
        /// Its OID, which the blocks ask privileges by.
        var oid: UInt32
        /// The API roles without USAGE on its schema, which a policies-only probe's grant adds.
        var rolesWithoutSchemaUsage: Set<String>
        /// The names of the functions its triggers call (`close_notes`), which tell a trigger's
        /// refusal from the error's context.
        var triggerFunctions: [String] = []
    }

    init(connection: Connection, statements: ProbeStatements, tables: [TableName: TableFacts], lane: Int = 0) {
        self.connection = connection
        self.statements = statements
        self.tables = tables
        self.lane = lane
    }

    /// Inserts the fixture rows of `lane` (see ``FixtureValues/lane``) inside the check's transaction
    /// and returns a started runner for them, with the values and rows that the channel and file
    /// probes use too: one connection's side of a check. The blocks' function comes first, so it
    /// is ready before the fixtures are. With `fixtureLockTimeout`, the fixtures wait on a lock
    /// for at most its `wait`, and `restore` is the lock timeout afterwards.
    static func started(
        for schema: Schema, tables: [TableName: TableFacts], lane: Int = 0, fixtureLockTimeout: (wait: Duration, restore: Duration)? = nil,
        on connection: Connection
    ) throws -> (runner: ProbeRunner, values: FixtureValues, fixtures: Fixtures) {
        let blocks = try prepareBlocks(on: connection)
        var values = FixtureValues(schema: schema, lane: lane)
        let fixtures = try connection.waitingOnLocksAtMost(fixtureLockTimeout?.wait, restoring: fixtureLockTimeout?.restore ?? .zero) {
            try FixtureLoader.load(schema, values: &values, on: connection)
        }
        let statements = try ProbeStatements(schema: schema, fixtures: fixtures, values: &values)
        var runner = ProbeRunner(connection: connection, statements: statements, tables: tables, lane: lane)
        runner.wrapperFrames = blocks.wrapperFrames
        runner.unbatchedBecause = blocks.reason
        try connection.execute("savepoint \(Self.savepoint)")
        return (runner, values, fixtures)
    }

    /// Makes the probe blocks' function (``ProbeBlock/createFunction``) where probes can run in
    /// blocks, and measures the context lines it adds to an error: the runner's ``wrapperFrames``,
    /// and why probes cannot run in blocks (``unbatchedBecause``), nil where they can.
    private static func prepareBlocks(on connection: Connection) throws -> (wrapperFrames: Int, reason: String?) {
        let row = try connection.query(
            """
            select bool_and(has_language_privilege(r.oid, 'plpgsql', 'USAGE')) as roles_use_plpgsql,
                   has_language_privilege('plpgsql', 'USAGE') as uses_plpgsql,
                   has_database_privilege(current_database(), 'TEMPORARY') as makes_temporary,
                   current_user as role, current_database() as database
            from pg_roles r where r.rolname in (\(Role.apiRoles.nameLiterals))
            """
        ).first
        let role = quoteIdentifier(row?["role"] ?? "?")
        let database = quoteIdentifier(row?["database"] ?? "?")
        var reason: String?
        if row?["makes_temporary"] != "t" {
            reason = "the connecting role may not create temporary objects (grant temporary on database \(database) to \(role))"
        } else if row?["uses_plpgsql"] != "t" || row?["roles_use_plpgsql"] != "t" {
            reason =
                "the connecting role or an API role may not use PL/pgSQL (grant usage on language plpgsql to \(role), "
                + "\(Role.apiRoles.map { quoteIdentifier($0.name) }.joined(separator: ", ")))"
        } else {
            do {
                try connection.execute("savepoint rls_check_function;\n\(ProbeBlock.createFunction);\nrelease savepoint rls_check_function")
            } catch let error as DatabaseError where !error.isConnectionFailure {
                // Refused after all (an extension's hook, a hardened server): each probe runs on its own.
                try connection.execute("rollback to savepoint rls_check_function; release savepoint rls_check_function")
                reason = "the database refused its temporary function (server: \(error.sqlState ?? "") \(error.message))"
            }
        }
        if reason != nil { return (0, reason) }
        connection.clearNotices()
        let probe = ProbeBlock.Entry(
            index: 0, grant: nil, settings: [], role: "", statement: "select 1 / 0", returns: .rowCount, table: 0, privileges: nil)
        let outcome = try connection.pipeline([ProbeBlock(entries: [probe]).statement])
        if let failure = outcome.failure { throw failure.error }
        return (try ProbeBlock.Report.read(connection.notices).first?.frames ?? 0, nil)
    }

    /// Runs `probes` and classifies what each did, in order.
    func run(_ probes: [Probe]) throws -> [(outcome: Observation, note: String?)] {
        guard batches else { return try probes.map(runSeparately) }
        let order = Self.runOrder(probes)
        let done = try runInOrder(order.map { probes[$0] })
        var results = done
        for (position, index) in order.enumerated() { results[index] = done[position] }
        return results
    }

    /// The order probes run in: the same, except that within each run of one table and persona the
    /// policies-only probes come after the as-deployed ones, so that one grant serves them all.
    static func runOrder(_ probes: [Probe]) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(probes.count)
        var start = 0
        while start < probes.count {
            var end = start + 1
            while end < probes.count, probes[end].table == probes[start].table, probes[end].persona == probes[start].persona { end += 1 }
            order += (start..<end).filter { probes[$0].layer != .policiesOnly }
            order += (start..<end).filter { probes[$0].layer == .policiesOnly }
            start = end
        }
        return order
    }

    /// ``run(_:)`` in the order given.
    private func runInOrder(_ probes: [Probe]) throws -> [(outcome: Observation, note: String?)] {
        var settings: [Persona: ProbeBlock.Settings] = [:]
        for persona in Set(probes.map(\.persona)) {
            settings[persona] = Impersonation.settings(for: persona.onLane(lane))
        }
        var results: [(outcome: Observation, note: String?)] = []
        results.reserveCapacity(probes.count)
        var next = 0
        // Probes before this index belong to a block that failed: they run again, one per block.
        var aloneUntil = 0
        while next < probes.count {
            let alone = next < aloneUntil
            let chunk = probes[next..<(alone ? aloneUntil : min(next + Self.probesPerPipeline, probes.count))]
            let (done, failed) = try runPipelined(chunk, perBlock: alone ? 1 : Self.probesPerBlock, settings: settings)
            results += done
            next += done.count
            // The block could not catch it (a timeout, a cancel): runBlocks rolled back to the savepoint.
            guard let failed else { continue }
            if alone {
                results.append(try classify(failed, of: probes[next], ownFrames: wrapperFrames, missing: { try missing(by: probes[next]) }))
                next += 1
            } else {
                aloneUntil = min(next + Self.probesPerBlock, probes.count)
            }
        }
        return results
    }

    /// Runs `count` entries (made by `entry(i)`, numbered from 0), `perBlock` to a block, all in one
    /// pipeline: each entry's report, how many entries the blocks before the first that failed as a
    /// whole hold, and its error, after which the transaction is back at ``savepoint``. Blocks are
    /// written, and reports read, while the server runs the blocks sent before them. Which
    /// privilege a persona lacked after a 42501 is asked at the end, once for the whole pipeline:
    /// in the block, a query of its own for each refused probe took a tenth of the probes' time.
    private func runBlocks(
        count: Int, perBlock: Int, entry: (Int) -> ProbeBlock.Entry
    ) throws -> (reports: [Int: ProbeBlock.Report], completed: Int, failure: DatabaseError?) {
        let starts = Array(stride(from: 0, to: count, by: perBlock))
        var reports: [Int: ProbeBlock.Report] = [:]
        var asked: [ProbeBlock.PrivilegeQuestion] = []
        func collect() throws {
            for report in try ProbeBlock.Report.read(connection.notices) { reports[report.index] = report }
            connection.clearNotices()
        }
        connection.clearNotices()
        let outcome = try connection.pipeline(count: starts.count, ahead: Self.blocksAhead) { block in
            try collect()
            let entries = (starts[block]..<min(starts[block] + perBlock, count)).map(entry)
            for (offset, entry) in entries.enumerated() {
                if let checks = entry.privileges { asked.append((starts[block] + offset, entry.role, entry.table, checks)) }
            }
            return ProbeBlock(entries: entries).statement
        }
        try collect()
        if outcome.failure != nil { try connection.execute("rollback to savepoint \(Self.savepoint)") }
        let refused = asked.filter { reports[$0.key].map { $0.stage == .probe && $0.state == .insufficientPrivilege } ?? false }
        for (index, privilege) in try ProbeBlock.missingPrivileges(refused, on: connection) { reports[index]?.missing = privilege }
        return (reports, outcome.failure.map { $0.index * perBlock } ?? count, outcome.failure?.error)
    }

    /// One pipeline of probes, `perBlock` to a block: the results of the blocks before the first
    /// that failed, and its error.
    private func runPipelined(
        _ probes: ArraySlice<Probe>, perBlock: Int, settings: [Persona: ProbeBlock.Settings]
    ) throws -> (done: [(outcome: Observation, note: String?)], failure: DatabaseError?) {
        let first = probes.startIndex
        let (reports, completed, failure) = try runBlocks(count: probes.count, perBlock: perBlock) { index in
            entry(probes[first + index], index: index, settings: settings[probes[first + index].persona]!)
        }
        let done = try probes.prefix(completed).enumerated().map { index, probe in
            guard let report = reports[index] else {
                return (Observation.notRun("the probe reported nothing (is client_min_messages above notice?)"), String?.none)
            }
            return try outcome(of: report, probe)
        }
        return (done, failure)
    }

    /// A probe as its block's data.
    private func entry(_ probe: Probe, index: Int, settings: ProbeBlock.Settings) -> ProbeBlock.Entry {
        ProbeBlock.Entry(
            index: index, grant: grant(for: probe), settings: settings, role: probe.persona.role,
            statement: statements.sql(for: probe), returns: probe.operation == .select ? .owners : .rowCount,
            table: tables[probe.table]?.oid ?? 0,
            privileges: probe.layer == .policiesOnly ? nil : statements.privilegeChecks(for: probe))
    }

    /// The grant a policies-only probe runs with (see ``ProbeStatements/grant(for:schemaUsable:)``).
    private func grant(for probe: Probe) -> String? {
        statements.grant(for: probe, schemaUsable: !(tables[probe.table]?.rolesWithoutSchemaUsage.contains(probe.persona.role) ?? false))
    }

    /// Why a persona's probes did not run when its group's impersonation failed:
    /// `anon could not be impersonated: 42501 permission denied to set role "anon"`.
    static func notImpersonated(_ persona: Persona, _ report: ProbeBlock.Report) -> String {
        "\(persona) \(notImpersonatedWords) \(report.state) \(report.message)"
    }

    /// The same words for a refusal the client saw: ``Impersonation/refusal(of:on:)``.
    static func notImpersonated(_ persona: Persona, _ error: DatabaseError) -> String {
        "\(persona) \(notImpersonatedWords) \(error.sqlState ?? "") \(error.message)"
    }

    /// The words that tell an impersonation failure from a refused grant in a probe's reason.
    static let notImpersonatedWords = "could not be impersonated:"

    /// What a probe's report says.
    private func outcome(of report: ProbeBlock.Report, _ probe: Probe) throws -> (outcome: Observation, note: String?) {
        try observation(
            of: report, as: probe.persona, probe.operation, on: probe.table, asksPrivileges: probe.layer != .policiesOnly, madeUpRow: true
        ) {
            result in
            if probe.operation == .select {
                return .rows(Set(result.split(separator: "+").compactMap { FixtureOwner(rawValue: String($0)) }))
            }
            return (Int(result) ?? 0) > 0 ? .allowed : .filtered
        }
    }

    /// The same probe in two round trips, where probes cannot run in blocks (``unbatchedBecause``):
    /// the rollback, grant and impersonation, then the statement itself.
    private func runSeparately(_ probe: Probe) throws -> (outcome: Observation, note: String?) {
        var prologue = ["rollback to savepoint \(Self.savepoint)"]
        if let grant = grant(for: probe) {
            do {
                try connection.execute(prologue.joined() + ";\n" + grant)
            } catch let error as DatabaseError where !error.isConnectionFailure {
                return (.notRun("\(error.sqlState ?? "") \(error.message)"), nil)
            }
            prologue = []
        }
        prologue.append(Impersonation.script(for: probe.persona.onLane(lane)))
        do {
            try connection.execute(prologue.joined(separator: ";\n"))
        } catch let error as DatabaseError where error.state == .insufficientPrivilege {
            // Only the impersonation can raise 42501 here: the connecting role may not become the persona.
            try connection.execute("rollback to savepoint \(Self.savepoint)")
            return (.notRun(Self.notImpersonated(probe.persona, error)), nil)
        }
        do {
            let result = try connection.query(statements.sql(for: probe))
            if probe.operation == .select {
                return (.rows(Set(result.rows.compactMap { $0[0].flatMap(FixtureOwner.init(rawValue:)) })), nil)
            }
            return (result.affectedRows > 0 ? .allowed : .filtered, nil)
        } catch let error as DatabaseError where !error.isConnectionFailure {
            try connection.execute("rollback to savepoint \(Self.savepoint)")
            return try classify(error, of: probe, ownFrames: 0, missing: { try missing(by: probe) })
        }
    }

    /// The first privilege the probe's role lacks of those its statement needs, asked after the
    /// probe was rolled back; nil for a policies-only probe, whose grant the probe made.
    private func missing(by probe: Probe) throws -> Refusal? {
        probe.layer == .policiesOnly ? nil : try statements.missingPrivilege(by: probe, on: connection)
    }

    /// Runs `entries` (numbered from 0: channel and file probes) in blocks, all in one pipeline, and
    /// returns each one's report: nil for every entry from the first block that failed as a whole (a
    /// timeout, a cancel), after rolling back to ``savepoint``, and for all of them where probes do
    /// not run in blocks (a hardened database). The caller runs those on their own.
    func reports(for entries: [ProbeBlock.Entry]) throws -> [ProbeBlock.Report?] {
        guard batches, !entries.isEmpty else { return Array(repeating: nil, count: entries.count) }
        let (reports, completed, _) = try runBlocks(count: entries.count, perBlock: Self.probesPerBlock) { entries[$0] }
        return entries.indices.map { $0 < completed ? reports[$0] : nil }
    }

    /// The entry of a channel or file probe: `persona` runs `statement` (after `probeSettings`) on
    /// `table`, which needs `privileges` there (asked after a 42501).
    func entry(
        _ index: Int, as persona: Persona, _ statement: String, returns: ProbeBlock.Returns,
        probeSettings: [(name: String, value: String)] = [], on table: TableName, privileges: [String]
    ) -> ProbeBlock.Entry {
        let oid = tables[table]?.oid
        return ProbeBlock.Entry(
            index: index, grant: nil, settings: Impersonation.settings(for: persona), role: persona.role,
            statement: statement, returns: returns, probeSettings: probeSettings, table: oid ?? 0,
            privileges: oid == nil ? nil : privileges.map { ($0, nil) })
    }

    /// What the report of a probe of any kind says: not run where its group's grant or impersonation
    /// failed, `done` of its result where it ran to its end, else its error classified
    /// (``Observation/classify(_:operation:table:triggerFunctions:ownFrames:missing:)``), with the
    /// privileges its block asked unless `asksPrivileges` is false (a policies-only probe).
    func observation(
        of report: ProbeBlock.Report, as persona: Persona, _ operation: RLSModel.Operation, on table: TableName,
        asksPrivileges: Bool = true, madeUpRow: Bool = false, done: (String) -> Observation
    ) throws -> (outcome: Observation, note: String?) {
        switch report.stage {
        case .grant: return (.notRun("\(report.state) \(report.message)"), nil)
        case .group: return (.notRun(Self.notImpersonated(persona, report)), nil)
        case .probe: break
        }
        if report.state == ProbeBlock.finished { return (done(report.result), nil) }
        let error = DatabaseError(kind: .server, state: report.state, message: report.message, context: report.context)
        return try Observation.classify(
            error, operation: operation, table: table, triggerFunctions: tables[table]?.triggerFunctions ?? [], ownFrames: wrapperFrames,
            madeUpRow: madeUpRow, missing: { asksPrivileges ? Refusal(missing: report.missing, schema: table.schema) : nil })
    }

    /// What a channel or file probe run on its own met when the client saw `error`: not run where
    /// the persona could not be impersonated, else the error classified, the privileges asked now.
    func observation(
        of error: DatabaseError, as persona: Persona, _ operation: RLSModel.Operation, on table: TableName, privileges: [String]
    ) throws -> (outcome: Observation, note: String?) {
        if error.state == .insufficientPrivilege {
            if let refusal = try Impersonation.refusal(of: persona, on: connection) {
                return (.notRun(Self.notImpersonated(persona, refusal)), nil)
            }
            try connection.execute("rollback to savepoint \(Self.savepoint)")
        }
        return try Observation.classify(
            error, operation: operation, table: table, triggerFunctions: tables[table]?.triggerFunctions ?? [], ownFrames: 0,
            madeUpRow: false,
            missing: {
                guard tables[table] != nil else { return nil }
                return try ProbeBlock.missingPrivilege(
                    role: persona.role, table: table, checks: privileges.map { ($0, nil) }, on: connection)
            })
    }

    /// Undoes everything since ``start()`` (the files a file probe put in), keeping the savepoint.
    func rewind() throws {
        try connection.execute("rollback to savepoint \(Self.savepoint)")
    }

    /// Leaves the savepoint, undoing the last separate or channel probe.
    func finish() throws {
        try connection.execute("rollback to savepoint \(Self.savepoint); release savepoint \(Self.savepoint)")
    }

    /// Classifies a failed table probe (``Observation/classify(_:operation:table:triggerFunctions:ownFrames:missing:)``).
    func classify(
        _ error: DatabaseError, of probe: Probe, ownFrames: Int, missing: () throws -> Refusal?
    ) throws -> (outcome: Observation, note: String?) {
        try Observation.classify(
            error, operation: probe.operation, table: probe.table, triggerFunctions: tables[probe.table]?.triggerFunctions ?? [],
            ownFrames: ownFrames, missing: missing)
    }
}
