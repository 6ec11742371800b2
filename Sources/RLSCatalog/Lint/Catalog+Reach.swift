import RLSModel

/// What an API role can reach, counting PUBLIC and the roles granted to it (`grant authenticated to anon`).
extension Catalog {
    /// The role itself, PUBLIC, and every role it was granted, transitively (through roles that are
    /// not API roles too: ``Environment/reachedMemberships``).
    public func reach(of role: Role) -> Set<Role> {
        var result: Set<Role> = [role, .public]
        var pending = [role]
        while let next = pending.popLast() {
            for membership in environment.roleMemberships + environment.reachedMemberships
            where membership.member == next && !result.contains(membership.role) {
                result.insert(membership.role)
                pending.append(membership.role)
            }
        }
        return result
    }

    /// True when `role` holds `privilege` on the table or view `name`, whole or on some column.
    func canUse(_ role: Role, _ privilege: Privilege, on name: QualifiedName) -> Bool {
        let roles = reach(of: role)
        return grants.contains {
            $0.objectKind == .table && $0.object == name && $0.privilege == privilege && roles.contains($0.grantee)
        }
    }

    /// The API roles (`anon`, `authenticated`) that hold `privilege` on `name`, sorted.
    func apiRoles(holding privilege: Privilege, on name: QualifiedName) -> [Role] {
        Role.clientRoles.filter { canUse($0, privilege, on: name) }
    }

    /// True when `role` may execute `function`.
    func canExecute(_ role: Role, _ function: Function) -> Bool {
        let roles = reach(of: role)
        return grants.contains {
            $0.objectKind == .function && $0.object == function.name && $0.arguments == function.identityArguments
                && $0.privilege == .execute && roles.contains($0.grantee)
        }
    }

    /// The table or view named `name` in a managed schema, as a qualified name.
    func relation(_ name: QualifiedName) -> QualifiedName? {
        tables.contains { $0.name == name } || views.contains { $0.name == name } ? name : nil
    }

    /// Schemas holding a table or view called `name`, sorted.
    func schemas(holding name: String) -> [String] {
        Set(tables.map(\.name).filter { $0.name == name }.map(\.schema) + views.map(\.name).filter { $0.name == name }.map(\.schema))
            .sorted()
    }
}
