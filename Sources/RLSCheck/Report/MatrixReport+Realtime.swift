import RLSModel

extension MatrixReport {
    /// Per live table, who receives which changes (Realtime delivers what the subscriber may select).
    ///
    /// ```text
    /// Live changes (delivered to whoever may select the changed row)
    ///   public.listing: anon receives no changes; alice receives changes to own and others' rows; ...
    /// ```
    func liveLines() -> [String] {
        guard !report.liveTables.isEmpty else { return [] }
        var lines = ["Live changes (delivered to whoever may select the changed row)"]
        for delivery in report.liveDeliveries {
            lines.append("  \(delivery.table): " + Persona.checked.map(delivery.sentence(for:)).joined(separator: "; "))
        }
        return lines + [""]
    }

    /// Per channel, persona × receive/send on own and other topics, mismatches marked.
    ///
    /// ```text
    /// Private channels (topic <prefix>:<primary key>)
    ///   room            anon        alice             bob               service_role
    ///   receive         no/no       own:yes other:no  own:yes other:no  yes/yes
    /// ```
    func channelLines() -> [String] {
        guard !report.channels.isEmpty else { return [] }
        var lines = ["Private channels (topic <prefix>:<primary key>; receive = select, send = insert on realtime.messages)"]
        var prefixes: [String] = []
        for result in report.channels where !prefixes.contains(result.probe.channel.prefix) {
            prefixes.append(result.probe.channel.prefix)
        }
        for prefix in prefixes {
            let results = report.channels.filter { $0.probe.channel.prefix == prefix }
            // The personas this channel was probed with (group members and carol too under members plans).
            var personas: [Persona] = []
            for result in results where !personas.contains(result.probe.persona) { personas.append(result.probe.persona) }
            var rows: [[String]] = [["\(prefix):<id>"] + personas.map(\.description)]
            for action in ChannelProbe.Action.allCases {
                rows.append(
                    [action.rawValue]
                        + personas.map { persona in
                            results.filter { $0.probe.persona == persona && $0.probe.action == action }
                                .sorted {
                                    ($0.probe.topicOwner == persona.fixtureOwner ? 0 : 1)
                                        < ($1.probe.topicOwner == persona.fixtureOwner ? 0 : 1)
                                }
                                .map { result in
                                    let side =
                                        persona.fixtureOwner == nil
                                        ? "\(result.probe.topicOwner)"
                                        : result.probe.topicOwner == persona.fixtureOwner ? "own" : "other"
                                    return "\(side):\(result.observed)\(result.verdict == .mismatch ? "✗" : "")"
                                }.joined(separator: " ")
                        })
            }
            let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
            for row in rows {
                let padded = row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
                lines.append(("  " + padded.joined(separator: "   ")).trailingSpacesRemoved)
            }
            for result in results where result.verdict != .pass {
                lines.append(
                    "  \(result.verdict == .mismatch ? "✗" : "?") \(result.probe.name): expected "
                        + "\(result.probe.expectedAllowed ? "yes" : "no"), got \(result.observed)")
            }
        }
        return lines + [""]
    }
}
