import RLSDatabase
import RLSModel
import RLSSQL

/// Runs channel probes in the check's transaction, each rolled back to ``ProbeRunner/savepoint``.
///
/// Receive: `postgres` (which bypasses RLS) puts one message per feature on the topic, then the
/// persona, with `realtime.topic` set, counts the messages it can see. Send: the persona inserts a
/// message. Refusals are no rows for receive, 42501 for send.
struct ChannelProbeRunner {
    let connection: Connection
    let schema: Schema
    let fixtures: Fixtures
    /// Who belongs to which group, for members plans.
    let groups: GroupRoles

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
        let plans = [channel.receive, channel.send]
        let members = plans.contains { if case .members = $0 { true } else { false } }
        let appRoles = plans.contains { if case .appRole = $0 { true } else { false } }
        return Persona.checked(in: schema).filter { persona in
            guard case .user(let user) = persona else { return true }
            if user.appRole != nil { return appRoles }
            if user.aal != "aal1" || user.isAnonymous { return false }  // channels have no sign-in requirements
            return persona.fixtureOwner != nil || members
        }
    }

    /// Runs one probe.
    func run(_ probe: ChannelProbe) throws -> ChannelProbeResult {
        let topic = quoteLiteral(probe.topic)
        var prologue = ["rollback to savepoint \(ProbeRunner.savepoint)"]
        if probe.action == .receive {
            let rows = probe.channel.features.map { "(\(topic), \(quoteLiteral($0.rawValue)), '{}'::jsonb, 'rls-check', true)" }
            prologue.append(
                "insert into realtime.messages (topic, extension, payload, event, private) values "
                    + rows.joined(separator: ", "))
        }
        prologue.append(Impersonation.script(for: probe.persona))
        prologue.append("select set_config('realtime.topic', \(topic), true)")
        do {
            try connection.execute(prologue.joined(separator: ";\n"))
            switch probe.action {
            case .receive:
                let seen = try connection.query("select count(*) as seen from realtime.messages where topic = \(topic)")
                return ChannelProbeResult(probe: probe, allowed: (Int(seen.first?["seen"] ?? "0") ?? 0) > 0)
            case .send:
                let feature = quoteLiteral((probe.channel.features.first ?? .broadcast).rawValue)
                try connection.execute(
                    "insert into realtime.messages (topic, extension, payload, event, private) "
                        + "values (\(topic), \(feature), '{}'::jsonb, 'rls-check', true)")
                return ChannelProbeResult(probe: probe, allowed: true)
            }
        } catch let error as DatabaseError where !error.isConnectionFailure {
            if error.state == .insufficientPrivilege { return ChannelProbeResult(probe: probe, allowed: false) }
            return ChannelProbeResult(probe: probe, allowed: nil, error: "\(error.sqlState ?? "") \(error.message)")
        }
    }
}
