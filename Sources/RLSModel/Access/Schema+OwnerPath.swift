extension Schema {
    /// The operations whose plan names a table's owner, most telling first.
    static let ownerDefiningOperations: [Operation] = [.update, .delete, .insert, .select]

    /// Resolves an owner plan on `table` to the path that reaches the owner's id.
    ///
    /// Throws a ``ValidationError`` when a column is missing, not a uuid, has no
    /// foreign key, when a parent has no owner plan, or when the hops loop.
    public func ownerPath(of table: Table, plan: AccessPlan) throws(ValidationError) -> OwnerPath {
        var visited: [TableName] = []
        return try ownerPath(of: table, plan: plan, visited: &visited, origin: table)
    }

    /// The first owner plan of a table, which says who owns its rows.
    public func ownerPlan(of table: Table) -> AccessPlan? {
        Self.ownerDefiningOperations.map { table.access[$0] }.first { $0.ownerColumn != nil }
    }

    private func ownerPath(
        of table: Table, plan: AccessPlan, visited: inout [TableName], origin: Table
    ) throws(ValidationError) -> OwnerPath {
        let location = origin.access.source ?? origin.source
        if visited.contains(table.qualifiedName) {
            let loop = (visited + [table.qualifiedName]).map(\.description).joined(separator: " → ")
            throw ValidationError(
                .ownerCycle, table: origin.qualifiedName, column: plan.ownerColumn, source: location,
                "owner-through plans loop (\(loop)); make one of these tables owned by a uuid column with .owner(column:)")
        }
        visited.append(table.qualifiedName)
        switch plan {
        case .owner(let name):
            guard let column = table.column(name) else {
                throw ValidationError(
                    .unknownColumn, table: table.qualifiedName, column: name, source: location,
                    "the owner plan names column \(name), which \(table.qualifiedName) does not declare; add the column or fix the name")
            }
            guard column.type == .uuid else {
                throw ValidationError(
                    .ownerColumnNotUUID, table: table.qualifiedName, column: name, source: column.source,
                    "owner column \(name) is \(column.type), but owners are compared with auth.uid(), a uuid; declare it as .uuid")
            }
            return OwnerPath(ownerColumn: name)
        case .ownerThrough(let name):
            guard table.column(name) != nil else {
                throw ValidationError(
                    .unknownColumn, table: table.qualifiedName, column: name, source: location,
                    "the owner-through plan names column \(name), which \(table.qualifiedName) does not declare; add the column or fix the name"
                )
            }
            guard let key = table.foreignKeys.first(where: { $0.columns == [name] }) else {
                throw ValidationError(
                    .noOwnerColumn, table: table.qualifiedName, column: name, source: location,
                    "owner-through column \(name) references no table, so the plan reaches no owner column; add .references(...) to it")
            }
            let hop = OwnerPath.Hop(column: name, parent: key.referencedTable, parentColumn: key.referencedColumns[0])
            if key.referencedTable == .authUsers && hop.parentColumn == "id" {
                return OwnerPath(ownerColumn: name)
            }
            guard let parent = self.table(key.referencedTable) else {
                throw ValidationError(
                    .unknownReference, table: table.qualifiedName, column: name, source: key.source,
                    "column \(name) references \(key.referencedTable), which the schema does not declare; declare that table or reference auth.users"
                )
            }
            guard let parentPlan = ownerPlan(of: parent) else {
                throw ValidationError(
                    .noOwnerColumn, table: origin.qualifiedName, column: name, source: location,
                    "owner-through \(name) leads to \(parent.qualifiedName), which has no owner plan, so the plan reaches no owner column; give \(parent.name) an .owner(column:) plan"
                )
            }
            let parentPath = try ownerPath(of: parent, plan: parentPlan, visited: &visited, origin: origin)
            if parentPath.hops.isEmpty && parentPath.ownerColumn == hop.parentColumn {
                return OwnerPath(ownerColumn: name)
            }
            return OwnerPath(hops: [hop] + parentPath.hops, ownerColumn: parentPath.ownerColumn)
        default:
            throw ValidationError(
                .noOwnerColumn, table: table.qualifiedName, column: nil, source: location,
                "plan \(plan.slug) has no owner column")
        }
    }
}
