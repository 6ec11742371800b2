import RLSModel

extension CompiledSection {
    /// What the section creates that other sections may use.
    var provides: [SQLObject] {
        switch subject {
        case .table(let name), .view(let name): [.relation(name)]
        case .function(let name): [.function(name)]
        default: []
        }
    }

    /// What the section's statements need to exist when they run (see ``SQLReferences``).
    var uses: Set<SQLObject> {
        switch subject {
        case .schemas, .type, .cyclicForeignKeys: []
        case .function: statements.first.map { SQLReferences.ofFunction($0.sql) } ?? []
        case .view: SQLReferences.callsAndRelations(in: sql)
        default: SQLReferences.calls(in: sql)
        }
    }
}
