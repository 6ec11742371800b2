import RLSDatabase
import RLSModel
import RLSSQL

/// Runs channel probes in the check's transaction, in probe blocks like the table probes, each
/// probe rolled back.
///
/// Receive: `postgres` (which bypasses RLS) first puts one message per feature on every topic
/// probed, then the persona, with `realtime.topic` set, counts the messages it can see. Send: the persona inserts a
/// message. Refusals are no rows for receive, 42501 for send.
struct ChannelProbeRunner {
    let connection: Connection
    let schema: Schema
    let fixtures: Fixtures
    /// Who belongs to which group, for members plans.
    let groups: GroupRoles

    /// The table Realtime asks: a receive is a `select` on it, a send an `insert`.
    static let messages = TableName(schema: "realtime", name: "messages")

    /// Every probe of every channel: persona × receive/send × each fixture row's topic.
    func probes() -> [ChannelProbe] {
        var probes: [ChannelProbe] = []
        for table in schema.tables {
            guard let key = table.primaryKey?.columns.first else { continue }
            for channel in table.channels {
                for persona in personas(for: channel) {
                    for action in ChannelProbe.Action.allCases {
                        let plan = channel.plan(action == .receive ? .select : .insert)
                        var side = persona.fixtureOwner
                        if case .members = plan, let path = try? schema.membershipPath(of: table, plan: plan) {
                            side = groups.side(of: persona, under: path)
                        }
                        for owner in FixtureOwner.allCases {
                            guard let value = fixtures.row(table.qualifiedName, owner)?.values[key] ?? nil else { continue }
                            probes.append(
                                ChannelProbe(
                                    table: table.qualifiedName, channel: channel, persona: persona, action: action,
                                    topicOwner: owner, topic: channel.topic(value), side: side))
                        }
                    }
                }
            }
        }
        return probes
    }

    /// anon, alice, bob and the service role on every channel; the group members and carol where a
    /// members plan decides it, the app-role users where an app-role plan does (as table probes).
    func personas(for channel: Channel) -> [Persona] {
        Persona.checked(in: schema, groups: groups, deciding: [channel.receive, channel.send])
    }

    /// Runs every probe in probe blocks (``ProbeRunner/reports(for:)``), each receive topic's
    /// messages put in once beforehand, each probe rolled back inside its block; a probe its block
    /// could not run (a timeout, a hardened database) runs on its own (``run(_:)``).
    func run(_ probes: [ChannelProbe], with runner: ProbeRunner) throws -> [CheckedProbe<ChannelProbe>] {
        guard !probes.isEmpty else { return [] }
        var messages: [String] = []
        for probe in probes where probe.action == .receive {
            for row in messageRows(probe) where !messages.contains(row) { messages.append(row) }
        }
        if !messages.isEmpty {
            do {
                try connection.execute(
                    "rollback to savepoint \(ProbeRunner.savepoint);\n"
                        + "insert into realtime.messages (topic, extension, payload, event, private) values "
                        + messages.joined(separator: ", "))
            } catch let error as DatabaseError where !error.isConnectionFailure {
                // The messages cannot be put in: each probe runs alone and reports what it meets.
                try connection.execute("rollback to savepoint \(ProbeRunner.savepoint)")
                return try probes.map { try run($0, with: runner) }
            }
        }
        let entries = probes.enumerated().map { index, probe in
            runner.entry(
                index, as: probe.persona, statement(probe), returns: probe.action == .receive ? .value : .rowCount,
                probeSettings: [("realtime.topic", probe.topic)], on: Self.messages, privileges: [probe.operation.rawValue.uppercased()])
        }
        return try zip(probes, runner.reports(for: entries)).map { probe, report in
            guard let report else { return try run(probe, with: runner) }
            let (observed, note) = try runner.observation(of: report, as: probe.persona, probe.operation, on: Self.messages) { result in
                probe.action == .send || (Int(result) ?? 0) > 0 ? .allowed : .filtered
            }
            return checked(probe, observed, note)
        }
    }

    /// A probe with the plan's yes or no and what it observed.
    private func checked(_ probe: ChannelProbe, _ observed: Observation, _ note: String?) -> CheckedProbe<ChannelProbe> {
        CheckedProbe(probe: probe, expected: .permitted(probe.expectedAllowed), observed: observed, note: note)
    }

    /// The messages a receive probe's topic holds first, one per feature of the channel, as rows of
    /// an INSERT into realtime.messages.
    private func messageRows(_ probe: ChannelProbe) -> [String] {
        probe.channel.features.map { "(\(quoteLiteral(probe.topic)), \(quoteLiteral($0.rawValue)), '{}'::jsonb, 'rls-check', true)" }
    }

    /// What the persona runs, with `realtime.topic` set: count the topic's messages it can see
    /// (receive), or send one (send).
    private func statement(_ probe: ChannelProbe) -> String {
        let topic = quoteLiteral(probe.topic)
        switch probe.action {
        case .receive:
            return "select count(*) as seen from realtime.messages where topic = \(topic)"
        case .send:
            let feature = quoteLiteral((probe.channel.features.first ?? .broadcast).rawValue)
            return "insert into realtime.messages (topic, extension, payload, event, private) "
                + "values (\(topic), \(feature), '{}'::jsonb, 'rls-check', true)"
        }
    }

    /// Runs one probe on its own: its topic's messages put in (receive), the persona, the statement.
    func run(_ probe: ChannelProbe, with runner: ProbeRunner) throws -> CheckedProbe<ChannelProbe> {
        var prologue = ["rollback to savepoint \(ProbeRunner.savepoint)"]
        if probe.action == .receive {
            prologue.append(
                "insert into realtime.messages (topic, extension, payload, event, private) values "
                    + messageRows(probe).joined(separator: ", "))
        }
        prologue.append(Impersonation.script(for: probe.persona))
        prologue.append("select set_config('realtime.topic', \(quoteLiteral(probe.topic)), true)")
        do {
            try connection.execute(prologue.joined(separator: ";\n"))
            switch probe.action {
            case .receive:
                let seen = try connection.query(statement(probe))
                return checked(probe, (Int(seen.first?["seen"] ?? "0") ?? 0) > 0 ? .allowed : .filtered, nil)
            case .send:
                try connection.execute(statement(probe))
                return checked(probe, .allowed, nil)
            }
        } catch let error as DatabaseError where !error.isConnectionFailure {
            try connection.execute("rollback to savepoint \(ProbeRunner.savepoint)")
            let (observed, note) = try runner.observation(
                of: error, as: probe.persona, probe.operation, on: Self.messages, privileges: [probe.operation.rawValue.uppercased()])
            return checked(probe, observed, note)
        }
    }
}
