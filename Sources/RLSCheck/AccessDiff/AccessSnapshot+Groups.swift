import RLSModel

extension AccessSnapshot {
    /// Records, for each extra member `rls check` signs in (a member of alice's group with another
    /// role) and each operation a members plan through that member's memberships governs, the group
    /// its rows belong to, so the fixture row of alice's group reads `rows of their organisation`
    /// rather than `some rows`.
    mutating func nameGroups(of schema: Schema) {
        for member in GroupRoles(schema).members {
            guard let caller = Self.caller(of: .user(member.user)) else { continue }
            for table in schema.tables {
                for operation in Operation.allCases {
                    guard case .members = table.access[operation],
                        let path = try? schema.membershipPath(of: table, plan: table.access[operation]),
                        path.membership == member.membership
                    else { continue }
                    let action = operation.rawValue.uppercased()
                    for fact in facts.keys where fact.table == table.qualifiedName && fact.caller == caller && fact.action == action {
                        groups[fact] = member.membership.group.name.replacingOccurrences(of: "_", with: " ")
                    }
                }
            }
        }
    }
}
