import RLSModel

/// `realtime.messages`, the table Realtime consults for private channels (Supabase's, never declared).
public let realtimeMessages = TableName(schema: "realtime", name: "messages")

/// The publication whose tables Realtime pushes changes of.
public let realtimePublication = "supabase_realtime"

extension Table {
    /// `alter publication supabase_realtime add table ...;` and, with old rows, `replica identity full`.
    public var liveStatements: [CompiledStatement] {
        guard let live else { return [] }
        var statements = [
            CompiledStatement(.publish, "alter publication \(quoteIdentifier(realtimePublication)) add table \(qualifiedName.sql);")
        ]
        if live.includesOldRows {
            statements.append(CompiledStatement(.replicaIdentity, "alter table \(qualifiedName.sql) replica identity full;"))
        }
        return statements
    }
}

/// The policies on `realtime.messages` for every channel `table` declares: one for receiving
/// (`for select`) and one for sending (`for insert`) per channel whose plan concerns the API roles.
public func channelPolicies(of table: Table, in schema: Schema) -> [CompiledPolicy] {
    var result: [CompiledPolicy] = []
    for channel in table.channels {
        for (operation, verb) in [(Operation.select, "receive"), (.insert, "send")] {
            let plan = channel.plan(operation)
            guard !plan.policyRoles.isEmpty, let condition = channel.condition(plan, on: table, in: schema)
            else { continue }
            result.append(
                CompiledPolicy(
                    name: channel.policyName(verb), table: realtimeMessages,
                    command: Policy.Command(rawValue: operation.rawValue)!, roles: plan.policyRoles, isPermissive: true,
                    using: operation == .select ? condition : nil, withCheck: operation == .insert ? condition : nil,
                    plan: plan))
        }
    }
    return result
}

extension Channel {
    /// The message's feature is one of the channel's, the topic is `<prefix>:<key>`, and the row
    /// whose primary key is `<key>` passes the plan's row filter.
    func condition(_ plan: AccessPlan, on table: Table, in schema: Schema) -> String? {
        guard let key = table.primaryKey?.columns.first, let rowCondition = schema.rowCondition(plan, on: table)
        else { return nil }
        let topic = "(select realtime.topic())"
        var lines = [
            "\(quoteIdentifier("extension")) in (\(features.map { quoteLiteral($0.rawValue) }.joined(separator: ", ")))",
            "    and split_part(\(topic), ':', 1) = \(quoteLiteral(prefix))",
            "    and exists (",
            "      select 1",
            "      from \(table.qualifiedName.sql) as \(quoteIdentifier(table.name))",
            "      where \(quoteIdentifier(table.name)).\(quoteIdentifier(key))::text = split_part(\(topic), ':', 2)",
        ]
        if rowCondition != "true" {
            lines.append("        and " + rowCondition.split(separator: "\n").joined(separator: "\n        "))
        }
        lines.append("    )")
        return lines.joined(separator: "\n")
    }
}
