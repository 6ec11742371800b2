import RLSModel

extension Table {
    /// The live and channel rules of this table in words, one sentence each, for `rls docs`.
    ///
    /// ```text
    /// Changes are pushed live (Supabase Realtime) to any signed-in user, for the rows each may read.
    /// Private channel `dealership:<id>` (broadcast): receive: members of the dealership; send: members of the dealership with role owner or admin.
    /// ```
    func realtimeSentences(in schema: Schema) -> [String] {
        var sentences: [String] = []
        if let live {
            var sentence = "Changes are pushed live (Supabase Realtime) to \(liveAudience(in: schema))"
            if live.includesOldRows { sentence += "; updates and deletes carry the whole old row" }
            sentences.append(sentence + ".")
        }
        for channel in channels {
            let features = channel.features.map(\.rawValue).joined(separator: ", ")
            sentences.append(
                "Private channel \(channel.topic("<\(primaryKey?.columns.first ?? "key")>").markdownCode) (\(features)): "
                    + "receive: \(channelAudience(channel.receive, in: schema)); send: \(channelAudience(channel.send, in: schema)).")
        }
        return sentences
    }

    /// Who may receive or send on a channel: a members plan in the table sentences' words, the others as they describe themselves.
    private func channelAudience(_ plan: AccessPlan, in schema: Schema) -> String {
        switch plan {
        case .members:
            guard let path = try? schema.membershipPath(of: self, plan: plan) else { return "\(plan)" }
            return path.members(of: self)
        default: return "\(plan)"
        }
    }

    /// Who receives the changes: whoever may select the changed row.
    private func liveAudience(in schema: Schema) -> String {
        if policies.contains(where: { $0.command == .select || $0.command == .all }) {
            return "whoever the table's select policies let read the changed row"
        }
        switch access.select {
        case .public: return "anyone, signed in or not"
        case .authenticated: return "any signed-in user"
        case .owner, .ownerThrough: return "the signed-in owner of each row, and nobody else"
        case .members:
            guard let path = try? schema.membershipPath(of: self, plan: access.select) else {
                return "the members of each row's group, and nobody else"
            }
            return "\(path.members(of: self)), and nobody else"
        case .appRole(let roles):
            return "signed-in users whose app role is \(roles.joinedWithOr), and nobody else"
        case .serviceRoleOnly, .noAccess: return "no client: nobody may read the rows (only the service role could subscribe)"
        }
    }
}
