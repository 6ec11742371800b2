extension Table {
    /// The table privileges each role receives: from the plans, plus the command
    /// of every hand-written policy for its roles. Roles absent here get nothing.
    ///
    /// Compiles to `grant select, insert on table ... to authenticated;` per role,
    /// after `revoke all` from the API roles.
    public var privileges: [Role: Set<Operation>] {
        if let grants = overrides.grants { return grantedOperations(grants) }
        var result: [Role: Set<Operation>] = [:]
        for operation in Operation.allCases {
            for role in access[operation].grantedRoles {
                result[role, default: []].insert(operation)
            }
        }
        for policy in policies {
            for role in policy.roles.flatMap(\.policyReach) {
                result[role, default: []].formUnion(policy.command.operations)
            }
        }
        // The backend key may do whatever any API role may: it bypasses RLS, not grants.
        let granted = result.filter { $0.key != .serviceRole }.values.reduce(into: Set<Operation>()) { $0.formUnion($1) }
        if !granted.isEmpty { result[.serviceRole, default: []].formUnion(granted) }
        return result
    }

    /// The hand-written policies that apply to `role` for `operation`.
    public func policies(for role: Role, _ operation: Operation) -> [Policy] {
        policies.filter { $0.roles.flatMap(\.policyReach).contains(role) && $0.command.operations.contains(operation) }
    }
}

extension Schema {
    /// What `role` may do for `operation` on `table`, per the plans and policies.
    ///
    /// `service_role` gets ``RowAccess/bypassesRLS`` whenever it holds the privilege.
    public func expectedAccess(of table: Table, role: Role, _ operation: Operation) -> RowAccess {
        guard table.privileges[role]?.contains(operation) == true else { return .denied }
        if role == .serviceRole { return .bypassesRLS }
        if !table.overrides.rowLevelSecurity { return .allRows }
        let plan = table.access[operation]
        let planned = plan.policyRoles.contains(role) ? plan : nil
        let custom = table.policies(for: role, operation)
        if !custom.isEmpty { return .custom(planned: planned, policies: custom) }
        switch planned {
        case .public?, .authenticated?: return .allRows
        case .owner?, .ownerThrough?:
            guard let path = try? ownerPath(of: table, plan: plan) else { return .denied }
            return .ownRows(path)
        case .appRole(let roles)?: return .appRoleRows(roles)
        case .members?:
            guard let path = try? membershipPath(of: table, plan: plan) else { return .denied }
            return .memberRows(path)
        default:
            // Granted (an explicit grant list) but no policy lets the role through: RLS filters every row.
            return table.overrides.grants != nil ? .custom(planned: nil, policies: []) : .denied
        }
    }

    /// Declared indexes plus one for every owner column and every foreign key
    /// that no primary key, unique constraint or index already leads with.
    public func indexes(of table: Table) -> [Index] {
        indexes(of: table, memberships: memberships)
    }

    /// ``indexes(of:)`` with the schema's ``memberships`` computed once by the caller: finding them
    /// walks every table's plans, so a loop over all tables passes them in rather than walking the
    /// schema again for each table.
    public func indexes(of table: Table, memberships: [Membership]) -> [Index] {
        var result = table.indexes
        guard table.overrides.automaticIndexes else { return result }
        var wanted: [([String], DeclarationSite)] = []
        for operation in Operation.allCases {
            if case .owner(let name) = table.access[operation], let column = table.column(name) {
                wanted.append(([name], column.source))
            }
        }
        wanted += table.foreignKeys.map { ($0.columns, $0.source) }
        // The members helper looks memberships up by user.
        for membership in memberships where membership.table == table.qualifiedName {
            if let column = table.column(membership.userColumn) { wanted.append(([membership.userColumn], column.source)) }
        }
        for (columns, source) in wanted
        where !table.isIndexed(columns) && !result.contains(where: { $0.columns.starts(with: columns) }) {
            var index = Index(columns, source: source)
            index.isAutomatic = true
            // A declared index already has its name (an expression index on the column, pulled as
            // written): that one serves, and a second of the same name could not be created.
            guard !result.contains(where: { table.name(of: $0) == table.name(of: index) }) else { continue }
            result.append(index)
        }
        return result
    }
}
