extension Schema {
    /// Mistakes in live tables and private channels, across all tables (channel prefixes share
    /// one `realtime.messages`, so they must differ between tables too).
    func realtimeErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        var prefixes: [String: DeclarationSite] = [:]
        for table in tables {
            let name = table.qualifiedName
            if let live = table.live, table.primaryKey == nil, !live.includesOldRows, live.withoutPrimaryKey == nil {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: name, column: nil, source: live.source,
                        "live table \(name) has no primary key, so its updates and deletes would fail (55000); add a PrimaryKey or use .live(oldRows: true) (to keep a production table as it is for now, .live(withoutPrimaryKey: \"why\"))"
                    ))
            }
            for channel in table.channels {
                if let first = prefixes[channel.prefix] {
                    errors.append(
                        ValidationError(
                            .duplicateName, table: name, column: nil, source: channel.source,
                            "channel prefix \"\(channel.prefix)\" is declared twice (first at \(first)); topics must say which table's row they belong to"
                        ))
                }
                prefixes[channel.prefix] = channel.source
                if channel.prefix.isEmpty || channel.prefix.contains(":") {
                    errors.append(
                        ValidationError(
                            .invalidDeclaration, table: name, column: nil, source: channel.source,
                            "channel prefix \"\(channel.prefix)\" must be non-empty and without ':' (topics are <prefix>:<primary key>)"))
                }
                if table.primaryKey?.columns.count != 1 {
                    errors.append(
                        ValidationError(
                            .invalidDeclaration, table: name, column: nil, source: channel.source,
                            "channel \"\(channel.prefix)\" needs \(name) to have a single-column primary key: its topics are \(channel.prefix):<primary key>"
                        ))
                }
                if channel.features.isEmpty {
                    errors.append(
                        ValidationError(
                            .invalidDeclaration, table: name, column: nil, source: channel.source,
                            "channel \"\(channel.prefix)\" lists no feature; pass features: [.broadcast], [.presence] or both"))
                }
                for plan in [channel.receive, channel.send] where plan.ownerColumn != nil {
                    do {
                        _ = try ownerPath(of: table, plan: plan)
                    } catch {
                        if !errors.contains(error) { errors.append(error) }
                    }
                }
                errors += identifierErrors([channel.policyName("receive")], table: name, column: nil, channel.source)
                for plan in Set([channel.receive, channel.send]) where Self.reach(plan) > Self.reach(table.access.select) {
                    errors.append(
                        ValidationError(
                            .invalidDeclaration, table: name, column: nil, source: channel.source,
                            "channel \"\(channel.prefix)\" lets in \(plan), but \(name) rows are readable by \(table.access.select), and the channel's policy reads the row as the subscriber; widen the table's read plan or narrow the channel"
                        ))
                }
            }
        }
        return errors
    }
}

extension Schema {
    /// How far a plan reaches, for comparing a channel with its table's read plan: nobody, owners,
    /// signed-in users, everyone. (Owner, group-membership and app-role plans all count as "some
    /// signed-in users", and as equal to each other.)
    static func reach(_ plan: AccessPlan) -> Int {
        switch plan {
        case .noAccess, .serviceRoleOnly: 0
        case .owner, .ownerThrough, .members, .appRole: 1
        case .authenticated: 2
        case .public: 3
        }
    }
}

extension Channel {
    /// `channel_listing_receive`, `channel_listing_send`: the names of its policies on `realtime.messages`.
    public func policyName(_ verb: String) -> String { "channel_\(prefix)_\(verb)" }
}
