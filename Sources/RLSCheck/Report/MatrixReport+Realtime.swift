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
            lines += ownOtherGrid(title: "\(prefix):<id>", actions: ChannelProbe.Action.allCases.map(\.rawValue), results: results)
        }
        return lines + [""]
    }
}
