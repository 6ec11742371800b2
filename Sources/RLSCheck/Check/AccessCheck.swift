import Foundation
import RLSDatabase
import RLSModel
import RLSSQL

/// `rls check`'s engine: proves a schema's access plans on a live database by impersonation.
///
/// In ONE transaction that is always rolled back: insert alice and bob into `auth.users`, one fixture
/// row per user in every table, then run the scenarios and every probe (table × persona × operation
/// × target), each in a savepoint rolled back after it; then read the catalog to explain mismatches.
/// With ``CheckOptions/connections`` above 1, each further connection runs a share of the table
/// probes in a transaction of its own, also rolled back, on fixture rows of its own (`ProbeLanes`):
/// it connects at the check's first moment and inserts its fixtures while the first inserts its own,
/// then takes table probes while the first runs the scenarios.
///
/// ```swift
/// let report = try AccessCheck.run(ElectricRide.schema, scenarios: ElectricRide.scenarios, on: connection)
/// print(MatrixReport(report).text)
/// ```
public enum AccessCheck {
    /// Runs the check; throws only when it cannot run (an invalid schema, refused fixtures, a lost
    /// connection), never for a mismatch.
    public static func run(
        _ schema: Schema, scenarios: [Scenario] = [], on connection: Connection, options: CheckOptions = .init()
    ) throws -> CheckReport {
        try schema.validate()
        if let refusal = connection.openTransactionRefusal(by: "rls check", ending: "rolls it back") { throw refusal }
        // The other connections connect while this one reads the sequences and the tables.
        let lanes = ProbeLanes(schema: schema, options: options, target: connection.target)
        defer { lanes.stop() }
        let sequences = try SequenceShadow.record(on: connection)
        options.progress?.started(sequences, on: connection.target)
        defer { options.progress?.ended() }
        do {
            var report = try runRolledBack(
                schema, scenarios: scenarios, on: connection, options: options, sequences: sequences, lanes: lanes)
            // The lanes have ended: the last value each drew from each sequence is known, also when the check fails.
            report.notes += sequences.restore(on: connection, drawnElsewhere: lanes.drawn)
            return report
        } catch {
            _ = sequences.restore(on: connection, drawnElsewhere: lanes.drawn)
            throw error
        }
    }

    /// The check itself, in one transaction that is rolled back before this returns or throws, after
    /// `lanes` have ended.
    private static func runRolledBack(
        _ schema: Schema, scenarios: [Scenario], on connection: Connection, options: CheckOptions, sequences: SequenceShadow,
        lanes: ProbeLanes
    ) throws -> CheckReport {
        let started = Date()
        try connection.execute(options.beginSQL())
        defer { _ = try? connection.execute("rollback") }

        let tables = try requireTables(of: schema, on: connection)
        // Before any fixture row goes in, on this connection or another.
        let sideEffects = options.allowsSideEffects ? [] : try sideEffectTriggers(of: schema, on: connection)
        // The other connections insert their fixtures while this one inserts its own.
        lanes.setUp(tables: tables, sequences: sequences)
        defer { lanes.stop() }
        let (runner, values, fixtures) = try startedBesideLanes(schema, tables: tables, lanes: lanes, options: options, on: connection)
        let statements = runner.statements
        var planned: [(probe: Probe, expected: Expectation)] = []
        let personas = Persona.checked(in: schema, groups: values.groups)
        let groupPersonas = Set(values.groups.extraPersonas)

        for table in schema.tables {
            // The group members and carol tell roles apart only where a members plan decides; elsewhere
            // they are signed-in users without rows, which alice and bob already prove.
            let hasMembersPlan = schema.membersPlan(of: table) != nil
            // Worked out once per operation and role: many personas share a role.
            let paths = RLSModel.Operation.allCases.map { Expectations.membershipPath(schema, table, $0) }
            var rowAccess: [Role: [RowAccess]] = [:]
            for persona in personas
            where (hasMembersPlan || !groupPersonas.contains(persona)) && probesSignIn(of: persona, on: table) {
                let role = Role(persona.role)
                if rowAccess[role] == nil {
                    rowAccess[role] = RLSModel.Operation.allCases.map { schema.expectedAccess(of: table, role: role, $0) }
                }
                for (index, operation) in RLSModel.Operation.allCases.enumerated() {
                    var access = Expectations.access(rowAccess[role]![index], for: persona, operation)
                    if access != .denied, !table.signInRequirements(operation).allSatisfy(persona.meets) {
                        access = .noRows  // a restrictive policy refuses this sign-in, whatever the plan allows
                    }
                    let side = Expectations.side(of: persona, under: paths[index], groups: values.groups)
                    let handOver = Expectations.handOver(rowAccess[role]![index], for: persona, operation)
                    for probe in probes(table, persona, operation, access: access, statements: statements, options: options) {
                        var expected = Expectations.outcome(access, for: probe, side: side, handOver: handOver)
                        if access != .denied, statements.writesUnwritableColumn(probe) { expected = .outcome(.deniedByGrant) }
                        planned.append((probe, expected))
                    }
                }
            }
        }
        let allScenarios = ViewProbes.scenarios(for: schema) + scenarios
        var scenarioRuns: [(result: ScenarioResult, waitedOnALock: Bool)] = []
        let channels = ChannelProbeRunner(connection: connection, schema: schema, fixtures: fixtures, groups: values.groups)
        let files = FileProbeRunner(connection: connection, schema: schema, fixtures: fixtures, groups: values.groups)
        var channelResults: [CheckedProbe<ChannelProbe>] = []
        var fileResults: [CheckedProbe<FileProbe>] = []
        // Scenarios, channels and files first, on this connection, while any other connection starts on the table probes.
        // Probes that would fire a side-effect trigger stay out of the runs, and are not run.
        let skipped: [Int: String] = Dictionary(
            uniqueKeysWithValues: planned.indices.compactMap { index in
                let probe = planned[index].probe
                return sideEffects.first { $0.table == probe.table && $0.operations.contains(probe.operation) }.map { (index, $0.reason) }
            })
        let run = planned.indices.filter { skipped[$0] == nil }
        let observedRun = try lanes.run(run.map { planned[$0].probe }, on: runner) {
            // A scenario that waits on another connection's rows gives up soon and runs again at the end.
            scenarioRuns = try connection.waitingOnLocksAtMost(
                lanes.areRunning ? ProbeLanes.laneLockTimeout : nil, restoring: options.lockTimeout
            ) { try allScenarios.map { try ScenarioRunner.run($0, on: connection, skipping: sideEffects) } }
            channelResults = try channels.run(channels.probes(), with: runner)
            fileResults = try files.run(files.probes(), with: runner, skipping: sideEffects)
            try runner.rewind()
        }
        var observed = planned.indices.map { skipped[$0].map { (outcome: Observation.notRun($0), note: String?.none) } }
        for (index, result) in zip(run, observedRun.observed) { observed[index] = result }
        var results = zip(planned, observed).map { planned, observed in
            CheckedProbe(probe: planned.probe, expected: planned.expected, observed: observed!.outcome, note: observed!.note)
        }
        try runner.finish()
        for index in scenarioRuns.indices where scenarioRuns[index].waitedOnALock {
            scenarioRuns[index] = try ScenarioRunner.run(allScenarios[index], on: connection, skipping: sideEffects)
        }
        let scenarioResults = scenarioRuns.map(\.result)

        if results.contains(where: { $0.verdict != .pass }) {
            let catalog = try PolicyCatalog.read(tables: schema.tables.map(\.qualifiedName), on: connection)
            for index in results.indices where results[index].verdict == .mismatch {
                results[index].explanation = catalog.explain(results[index], in: schema.table(results[index].probe.table)!, of: schema)
            }
        }
        var report = CheckReport(
            tables: schema.tables.map(\.qualifiedName), results: results, scenarios: scenarioResults,
            seconds: Date().timeIntervalSince(started))
        report.personas = personas
        for table in schema.tables { report.plans[table.qualifiedName] = planSummary(table) }
        report.liveTables = schema.tables.filter { $0.live != nil }.map(\.qualifiedName)
        report.channels = channelResults
        report.files = fileResults
        report.probesByConnection = observedRun.ranByConnection
        report.notes += report.notRunNotes
        if let note = lanes.unservedNote { report.notes.append(note) }
        if let reason = runner.unbatchedBecause {
            report.notes.append("rls check ran each probe on its own, in two round trips, because \(reason); in blocks, 50 probes take one")
        }
        return report
    }

    /// ``ProbeRunner/started(for:tables:lane:fixtureLockTimeout:on:)`` for the first connection. While
    /// lanes insert their own fixtures, a lock this connection waits on may be theirs (a row every
    /// fixture's trigger writes), held until they roll back: the fixtures then wait at most
    /// ``ProbeLanes/laneLockTimeout``, and when they wait longer the lanes end and the fixtures go in
    /// again, alone.
    private static func startedBesideLanes(
        _ schema: Schema, tables: [TableName: ProbeRunner.TableFacts], lanes: ProbeLanes, options: CheckOptions,
        on connection: Connection
    ) throws -> (runner: ProbeRunner, values: FixtureValues, fixtures: Fixtures) {
        guard lanes.areRunning else { return try ProbeRunner.started(for: schema, tables: tables, on: connection) }
        // Left open (the probes' savepoint nests in it): releasing it would release theirs too.
        try connection.execute("savepoint rls_check_fixtures")
        do {
            return try ProbeRunner.started(
                for: schema, tables: tables, fixtureLockTimeout: (ProbeLanes.laneLockTimeout, options.lockTimeout), on: connection)
        } catch let error as DatabaseError where error.state == .lockNotAvailable || error.state == .deadlockDetected {
            lanes.stop()
            try connection.execute("rollback to savepoint rls_check_fixtures")
            return try ProbeRunner.started(for: schema, tables: tables, on: connection)
        }
    }

    /// The triggers on the schema's tables that call something a rollback cannot undo (see
    /// ``SideEffectTrigger``); throws where one fires on insert, as every table's fixture rows (and
    /// the fixture users in auth.users) are inserted before any probe runs.
    static func sideEffectTriggers(of schema: Schema, on connection: Connection) throws -> [SideEffectTrigger] {
        // The storage probes put files into storage.objects and upload, overwrite and delete them.
        let storage = schema.buckets.isEmpty ? [] : [FileProbeRunner.objects]
        let found = try SideEffectTrigger.find(on: schema.tables.map(\.qualifiedName) + [.authUsers] + storage, connection: connection)
        if let trigger = found.first(where: { $0.operations.contains(.insert) }) {
            throw CheckError(
                "trigger \(trigger.name) on \(trigger.table) calls \(trigger.call) on insert (\(trigger.site)), "
                    + "and rls check inserts fixture rows into every table it probes (its users into auth.users, files into storage.objects): a rolled-back "
                    + "transaction cannot undo that call, so rls check stops before inserting anything. Pass --allow-side-effects to fire it "
                    + "anyway where the call reaches nothing that matters (a test endpoint).")
        }
        return found.filter { $0.table != .authUsers }
    }

    /// The probes of one cell: both fixture rows for SELECT, each side's row for writes, the hand-over
    /// for UPDATE of owned tables, and the policies-only repeats where the schema denies by grant.
    static func probes(
        _ table: Table, _ persona: Persona, _ operation: RLSModel.Operation, access: ExpectedAccess,
        statements: ProbeStatements, options: CheckOptions
    ) -> [Probe] {
        let first = persona.fixtureOwner ?? .alice
        var targets: [ProbeTarget] = operation == .select ? [.fixtureRows] : [.row(first), .row(first.other)]
        if operation == .update, statements.handOverColumn(of: table) != nil {
            targets.append(.handOver(from: first, to: first.other))
        }
        if operation == .update, let allowed = table.updatableColumns, access != .denied, persona != .serviceRole {
            // Column privileges: every other column of the persona's own row must be refused by the grant.
            targets += table.columns.filter { !allowed.contains($0.name) && $0.identity != .always }.map { .column($0.name, of: first) }
        }
        var probes = targets.map { Probe(table: table.qualifiedName, persona: persona, operation: operation, target: $0) }
        // With RLS off there are no policies to probe alone: the grant is the only wall (and lint says so).
        if options.probesPoliciesOnly, access == .denied, persona != .serviceRole, table.overrides.rowLevelSecurity {
            probes += targets.filter { if case .column = $0 { false } else { true } }.map {
                Probe(table: table.qualifiedName, persona: persona, operation: operation, target: $0, layer: .policiesOnly)
            }
        }
        return probes
    }

    /// alice (aal2) probes only tables with a two-factor requirement, the anonymous sign-in only
    /// tables that exclude them; everyone else probes every table.
    static func probesSignIn(of persona: Persona, on table: Table) -> Bool {
        guard case .user(let user) = persona else { return true }
        if user.aal == "aal2" { return !table.mfaOperations.isEmpty }
        if user.isAnonymous { return !table.anonymousExcludedOperations.isEmpty }
        if user.appRole != nil {
            return RLSModel.Operation.allCases.contains { if case .appRole = table.access[$0] { true } else { false } }
        }
        return true
    }

    /// What the probes need to know of each declared table (``ProbeRunner/TableFacts``), and of
    /// `storage.objects` and `realtime.messages` where the database has them (the file and channel
    /// probes write them), in one query; fails early, in the user's words, when the database lacks
    /// tables the schema declares.
    static func requireTables(of schema: Schema, on connection: Connection) throws -> [TableName: ProbeRunner.TableFacts] {
        let supabase = [Observation.storageObjects, ChannelProbeRunner.messages].filter { schema.table($0) == nil }
        let wanted = schema.tables.map(\.qualifiedName) + supabase
        // Schema and name travel apart: joined by a dot they would be ambiguous (`a.b` + `c` vs `a` + `b.c`).
        let rows = try connection.query(
            """
            select wanted.schema, wanted.name, c.oid::text as oid,
                   array_to_string(array(select r.rolname from pg_roles r
                                         where r.rolname = any($3::text[]) and not has_schema_privilege(r.oid, n.oid, 'USAGE')
                                         order by 1), ',') as without_usage,
                   array_to_string(array(select distinct p.proname::text from pg_trigger t join pg_proc p on p.oid = t.tgfoid
                                         where t.tgrelid = c.oid and not t.tgisinternal order by 1), e'\\x1f') as trigger_functions
            from unnest($1::text[], $2::text[]) as wanted(schema, name)
            left join pg_namespace n on n.nspname = wanted.schema
            left join pg_class c on c.relnamespace = n.oid and c.relname = wanted.name and c.relkind in ('r', 'p')
            order by 1, 2
            """, [wanted.map(\.schema), wanted.map(\.name), Role.apiRoles.map(\.name)]
        ).rows
        var facts: [TableName: ProbeRunner.TableFacts] = [:]
        var missing: [String] = []
        for row in rows {
            let table = TableName(schema: try row.string("schema"), name: try row.string("name"))
            guard let oid = row["oid"].flatMap(UInt32.init) else {
                if !supabase.contains(table) { missing.append(table.description) }
                continue
            }
            let roles = (row["without_usage"] ?? "").split(separator: ",").map(String.init)
            let functions = (row["trigger_functions"] ?? "").split(separator: "\u{1F}").map(String.init)
            facts[table] = ProbeRunner.TableFacts(oid: oid, rolesWithoutSchemaUsage: Set(roles), triggerFunctions: functions)
        }
        guard missing.isEmpty else {
            throw CheckError(
                "the database lacks \(missing.count == 1 ? "table" : "tables") \(missing.joined(separator: ", ")) that the schema declares; "
                    + "apply the migrations first (rls plan shows what is pending), then run rls check again")
        }
        return facts
    }

    /// `select: any signed-in user; insert, update, delete: only the signed-in user whose id is in seller_id`.
    static func planSummary(_ table: Table) -> String {
        var groups: [(plan: AccessPlan, operations: [String])] = []
        for operation in RLSModel.Operation.allCases {
            let plan = table.access[operation]
            if let index = groups.firstIndex(where: { $0.plan == plan }) {
                groups[index].operations.append(operation.rawValue)
            } else {
                groups.append((plan, [operation.rawValue]))
            }
        }
        var text = groups.map { "\($0.operations.joined(separator: ", ")): \($0.plan)" }.joined(separator: "; ")
        for requirement in SignInRequirement.allCases {
            let operations = RLSModel.Operation.allCases.filter { table.signInRequirements($0).contains(requirement) }
            if !operations.isEmpty { text += "; \(operations.map(\.rawValue).joined(separator: ", ")): \(requirement.words)" }
        }
        if let columns = table.insertableColumns { text += "; insert sets only \(columns.joined(separator: ", "))" }
        if let columns = table.updatableColumns { text += "; update changes only \(columns.joined(separator: ", "))" }
        if !table.policies.isEmpty {
            text += "; policies \(table.policies.map { "\"\($0.name)\"" }.joined(separator: ", "))"
        }
        return text
    }
}
