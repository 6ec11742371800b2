public import RLSModel

extension Catalog {
    /// The catalog without the objects `undeclared` names (and what belongs to them: a table's
    /// policies, triggers, grants and sequences; a function's grants), so that plans neither report
    /// nor drop them.
    public func leavingOut(_ undeclared: UndeclaredObjects) -> Catalog {
        guard !undeclared.isEmpty else { return self }
        func table(_ name: QualifiedName) -> Bool { undeclared.leavesOut(table: name.schema, name.name) }
        let droppedTables = tables.filter { table($0.name) }
        let sequencesOfDropped = Set(
            droppedTables.flatMap { table in
                table.columns.map { QualifiedName(schema: table.name.schema, name: "\(table.name.name)_\($0.name)_seq") }
            })
        var copy = self
        copy.schemas.removeAll { undeclared.schemas.contains($0.name) }
        copy.enums.removeAll { undeclared.schemas.contains($0.name.schema) }
        copy.asWritten.removeAll { object in
            undeclared.schemas.contains(object.name.schema)
                || (object.kind == .aggregate && undeclared.leavesOut(function: object.name.schema, object.name.name))
        }
        copy.tables.removeAll { table($0.name) }
        copy.views.removeAll { table($0.name) }
        copy.functions.removeAll { undeclared.leavesOut(function: $0.name.schema, $0.name.name) }
        copy.triggers.removeAll { table($0.table) }
        copy.policies.removeAll { table($0.table) }
        copy.sequences.removeAll { sequencesOfDropped.contains($0) || undeclared.schemas.contains($0.schema) }
        copy.grants.removeAll { grant in
            switch grant.objectKind {
            case .schema: undeclared.schemas.contains(grant.object.schema)
            case .table: table(grant.object)
            case .sequence: sequencesOfDropped.contains(grant.object) || undeclared.schemas.contains(grant.object.schema)
            case .function: undeclared.leavesOut(function: grant.object.schema, grant.object.name)
            case .type: undeclared.schemas.contains(grant.object.schema)
            }
        }
        copy.defaultPrivileges.removeAll { $0.schema.map(undeclared.schemas.contains) ?? false }
        return copy
    }
}
