import RLSModel

extension CompiledSection {
    /// What the section creates that other sections may use.
    var provides: [SQLObject] {
        switch subject {
        case .table(let name), .view(let name): [.relation(name)]
        case .function(let name): [.function(name)]
        case .asWritten(.aggregate, let name): [.function(name)]
        default: []
        }
    }

    /// What the section's statements need to exist when they run (see ``SQLReferences``).
    var uses: Set<SQLObject> {
        switch subject {
        case .schemas, .type, .cyclicForeignKeys, .defaultPrivileges: []
        case .function: statements.first.map { SQLReferences.ofFunction($0.sql) } ?? []
        case .asWritten: AsWritten.uses(sql)
        case .view: SQLReferences.callsAndRelations(in: sql)
        default: SQLReferences.calls(in: sql)
        }
    }

    /// A function section that must come before something its `language sql` body reads (a
    /// dependency cycle: the body reads a table whose default calls the function) runs with
    /// `check_function_bodies` off, as pg_dump creates such a function. Other sections are kept.
    var withFunctionBodiesUnchecked: CompiledSection {
        guard case .function = subject else { return self }
        var section = self
        section.statements =
            [CompiledStatement(.setting, "set check_function_bodies = off;")] + statements
            + [CompiledStatement(.setting, "reset check_function_bodies;")]
        return section
    }
}
