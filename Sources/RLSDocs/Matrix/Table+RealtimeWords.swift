import RLSModel

extension Table {
    /// The live and channel rules of this table in words, one sentence each, for `rls docs`.
    ///
    /// ```text
    /// Changes are pushed live (Supabase Realtime) to any signed-in user, for the rows each may read.
    /// Private channel `listing:<id>` (broadcast, presence): receive: only the signed-in user ...; send: nobody.
    /// ```
    var realtimeSentences: [String] {
        var sentences: [String] = []
        if let live {
            var sentence = "Changes are pushed live (Supabase Realtime) to \(Self.liveAudience(access.select, policies: policies))"
            if live.includesOldRows { sentence += "; updates and deletes carry the whole old row" }
            sentences.append(sentence + ".")
        }
        for channel in channels {
            let features = channel.features.map(\.rawValue).joined(separator: ", ")
            sentences.append("Private channel `\(channel.topic("<\(primaryKey?.columns.first ?? "key")>"))` (\(features)): "
                + "receive: \(channel.receive); send: \(channel.send).")
        }
        return sentences
    }

    /// Who receives the changes: whoever may select the changed row.
    private static func liveAudience(_ plan: AccessPlan, policies: [Policy]) -> String {
        if policies.contains(where: { $0.command == .select || $0.command == .all }) {
            return "whoever the table's select policies let read the changed row"
        }
        switch plan {
        case .public: return "anyone, signed in or not"
        case .authenticated: return "any signed-in user"
        case .owner, .ownerThrough: return "the signed-in owner of each row, and nobody else"
        case .members(_, let membership, let roles):
            let who = roles.isEmpty ? "members" : "members with role \(roles.joined(separator: " or "))"
            return "\(who) of each row's group (\(membership)), and nobody else"
        case .appRole(let roles):
            return "signed-in users whose app role is \(roles.joined(separator: " or ")), and nobody else"
        case .serviceRoleOnly, .noAccess: return "no client: nobody may read the rows (only the service role could subscribe)"
        }
    }
}
