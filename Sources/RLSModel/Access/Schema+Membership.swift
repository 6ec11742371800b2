extension Schema {
    /// Resolves a members plan on `table` to the path that reaches the group, over as many parent
    /// rows as needed: each parent on the way must have a members plan through the same memberships.
    ///
    /// Throws a ``ValidationError`` when a column or table is missing, a column has no foreign key,
    /// the membership table has no user or role column, or the hops loop.
    public func membershipPath(of table: Table, plan: AccessPlan) throws(ValidationError) -> MembershipPath {
        var visited: [TableName] = []
        return try membershipPath(of: table, plan: plan, visited: &visited, origin: table)
    }

    /// The first members plan of a table, which says whose group its rows belong to.
    public func membersPlan(of table: Table) -> AccessPlan? {
        Self.ownerDefiningOperations.map { table.access[$0] }.first {
            if case .members = $0 { return true } else { return false }
        }
    }

    /// Every membership some plan reads, each once, in a stable order.
    public var memberships: [Membership] {
        var result: [Membership] = []
        for (table, plan) in membersPlansOnRows {
            guard let path = try? membershipPath(of: table, plan: plan), !result.contains(path.membership) else { continue }
            result.append(path.membership)
        }
        return result.sorted { ($0.table, $0.groupColumn) < ($1.table, $1.groupColumn) }
    }

    /// The roles plans on `membership` name, each once, sorted.
    public func roles(of membership: Membership) -> [String] {
        var roles = Set<String>()
        for (table, plan) in membersPlansOnRows {
            if let path = try? membershipPath(of: table, plan: plan), path.membership == membership {
                roles.formUnion(path.roles)
            }
        }
        return roles.sorted()
    }

    /// Every role a member of `membership` can hold: the role column's enum values in their order,
    /// then the roles the plans name that the enum lacks; without an enum, the roles the plans name.
    public func memberRoles(of membership: Membership) -> [String] {
        let named = roles(of: membership)
        guard let roleColumn = membership.roleColumn, case .enumeration(let name)? = table(membership.table)?.column(roleColumn)?.type,
            let type = enums.first(where: { $0.qualifiedName == name })
        else { return named }
        return type.values + named.filter { !type.values.contains($0) }
    }

    /// Every plan on a table's rows: its operations' plans, then its channels' receive and send plans,
    /// then the plans of buckets whose folders are named after its rows.
    public var plansOnRows: [(table: Table, plan: AccessPlan)] {
        tables.flatMap { table in
            Operation.allCases.map { (table, table.access[$0]) } + table.channels.flatMap { [(table, $0.receive), (table, $0.send)] }
        } + bucketRowPlans
    }

    /// The members plans among ``plansOnRows``, in the same order. Found by looking at each table's
    /// plans in place: a table is copied only when it has one (schemas of a thousand tables ask often).
    var membersPlansOnRows: [(table: Table, plan: AccessPlan)] {
        func isMembers(_ plan: AccessPlan) -> Bool { if case .members = plan { true } else { false } }
        var result: [(table: Table, plan: AccessPlan)] = []
        for index in tables.indices {
            let plans =
                Operation.allCases.map { tables[index].access[$0] } + tables[index].channels.flatMap { [$0.receive, $0.send] }
            for plan in plans where isMembers(plan) { result.append((tables[index], plan)) }
        }
        return result + bucketRowPlans.filter { isMembers($0.plan) }
    }

    private func membershipPath(
        of table: Table, plan: AccessPlan, visited: inout [TableName], origin: Table
    ) throws(ValidationError) -> MembershipPath {
        let location = origin.access.source ?? origin.source
        guard case .members(let column, let membershipName, let roles) = plan else {
            throw ValidationError(
                .noOwnerColumn, table: table.qualifiedName, column: nil, source: location, "plan \(plan.slug) names no group")
        }
        func fail(_ kind: ValidationError.Kind, _ on: TableName, _ column: String?, _ message: String) -> ValidationError {
            ValidationError(kind, table: on, column: column, source: location, message)
        }
        if visited.contains(table.qualifiedName) {
            let loop = (visited + [table.qualifiedName]).map(\.description).joined(separator: " → ")
            throw fail(.ownerCycle, origin.qualifiedName, column, "members plans loop (\(loop)); let one table hold the group key itself")
        }
        visited.append(table.qualifiedName)
        guard let membershipTable = self.table(TableName(stringLiteral: membershipName)) else {
            throw fail(
                .unknownReference, table.qualifiedName, column,
                "the members plan reads memberships from \(membershipName), which the schema does not declare; declare that table")
        }
        guard let columnDeclaration = table.column(column) else {
            throw fail(
                .unknownColumn, table.qualifiedName, column,
                "the members plan names column \(column), which \(table.qualifiedName) does not declare; add the column or fix the name")
        }
        // The group is the table `column` references, or this very table when the memberships reference `column` itself.
        let key = table.foreignKeys.first { $0.columns == [column] }
        let group = key.map { ($0.referencedTable, $0.referencedColumns[0]) } ?? (table.qualifiedName, column)
        if let groupKey = membershipTable.foreignKeys.first(where: {
            $0.columns.count == 1 && $0.referencedTable == group.0 && $0.referencedColumns == [group.1]
        }) {
            let groupTable = self.table(group.0) ?? table
            let type = groupTable.column(group.1)?.type ?? columnDeclaration.type
            let membership = try resolveMembership(
                membershipTable, groupColumn: groupKey.columns[0], group: group.0, groupKey: group.1, type: type,
                roles: roles, location: location)
            return MembershipPath(groupColumn: column, membership: membership, roles: roles)
        }
        guard let key else {
            throw fail(
                .noOwnerColumn, table.qualifiedName, column,
                "column \(column) references no table and \(membershipTable.qualifiedName) references no \(table.qualifiedName).\(column); "
                    + "add .references(...) to \(column), or a column in \(membershipTable.name) that references it")
        }
        guard let parent = self.table(key.referencedTable), let parentPlan = membersPlan(of: parent) else {
            throw fail(
                .noOwnerColumn, origin.qualifiedName, column,
                "\(column) leads to \(key.referencedTable), which \(membershipTable.qualifiedName) does not reference and which has no members plan; "
                    + "point \(column) at the group table, or give \(key.referencedTable.name) a .members(of:through:) plan")
        }
        let parentPath = try membershipPath(of: parent, plan: parentPlan, visited: &visited, origin: origin)
        guard parentPath.membership.table == membershipTable.qualifiedName else {
            throw fail(
                .invalidDeclaration, origin.qualifiedName, column,
                "\(parent.qualifiedName) reads memberships from \(parentPath.membership.table), not \(membershipTable.qualifiedName); use the same membership table"
            )
        }
        let hop = OwnerPath.Hop(column: column, parent: key.referencedTable, parentColumn: key.referencedColumns[0])
        return MembershipPath(
            hops: [hop] + parentPath.hops, groupColumn: parentPath.groupColumn, membership: parentPath.membership, roles: roles)
    }

    /// Finds the membership table's user column (a uuid that references `auth.users`, or a table
    /// whose key does, or is named `user_id`) and its role column (named `role`).
    private func resolveMembership(
        _ table: Table, groupColumn: String, group: TableName, groupKey: String, type: ColumnType, roles: [String],
        location: DeclarationSite
    ) throws(ValidationError) -> Membership {
        let userColumns = table.columns.filter { column in
            guard column.type == .uuid, column.name != groupColumn,
                let key = table.foreignKeys.first(where: { $0.columns == [column.name] })
            else { return false }
            if key.referencedTable == .authUsers { return true }
            return self.table(key.referencedTable)?.foreignKeys.contains {
                $0.referencedTable == .authUsers && $0.columns == key.referencedColumns
            } ?? false
        }.map(\.name)
        guard let userColumn = userColumns.first ?? table.column("user_id").map(\.name), table.column(userColumn)?.type == .uuid else {
            throw ValidationError(
                .noOwnerColumn, table: table.qualifiedName, column: nil, source: location,
                "membership table \(table.qualifiedName) has no user column; add Column(\"user_id\", .uuid).references(.authUsers)")
        }
        let roleColumn = table.column("role")?.name
        if !roles.isEmpty && roleColumn == nil {
            throw ValidationError(
                .unknownColumn, table: table.qualifiedName, column: "role", source: location,
                "the plan limits access to roles \(roles.joinedWithOr), but \(table.qualifiedName) has no role column; add Column(\"role\", ...)"
            )
        }
        return Membership(
            table: table.qualifiedName, groupColumn: groupColumn, group: group, groupKey: groupKey, groupKeyType: type,
            userColumn: userColumn, roleColumn: roleColumn)
    }
}
