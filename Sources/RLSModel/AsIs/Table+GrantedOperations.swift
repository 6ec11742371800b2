extension Table {
    /// The row operations an explicit grant list gives each role; PUBLIC's reach the API roles.
    func grantedOperations(_ grants: [Role: Set<Privilege>]) -> [Role: Set<Operation>] {
        var result: [Role: Set<Operation>] = [:]
        for (role, privileges) in grants {
            for reached in role.reaches {
                result[reached, default: []].formUnion(privileges.compactMap(\.operation))
            }
        }
        return result.filter { !$0.value.isEmpty }
    }
}

extension Role {
    /// The API roles a policy `TO` this role applies to: PUBLIC's are anon and authenticated
    /// (service_role bypasses row level security).
    var policyReach: [Role] { self == .public ? [.anon, .authenticated] : [self] }
}
