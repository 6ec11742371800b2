extension Schema {
    /// The mistakes in one table's columns, keys, indexes, plans and policies.
    func validate(_ table: Table, memberships: [Membership]) -> [ValidationError] {
        let name = table.qualifiedName
        var errors = identifierErrors([table.schema, table.name], table: name, column: nil, table.source)
        var seen: [String: DeclarationSite] = [:]
        for column in table.columns {
            if let first = seen[column.name] {
                errors.append(
                    ValidationError(
                        .duplicateName, table: name, column: column.name, source: column.source,
                        "column \(column.name) is declared twice (first at \(first)); rename or remove one"))
            }
            seen[column.name] = column.source
            errors += identifierErrors([column.name], table: name, column: column.name, column.source)
            if column.identity != nil {
                if !column.type.isInteger {
                    errors.append(
                        ValidationError(
                            .invalidDeclaration, table: name, column: column.name, source: column.source,
                            "identity column \(column.name) is \(column.type); identity needs smallint, integer or bigint"))
                }
                errors += identifierErrors(
                    [table.identitySequenceName(of: column)], table: name, column: column.name, column.source)
            }
            if case .enumeration(let type) = column.type, !enums.contains(where: { $0.qualifiedName == type }) {
                errors.append(
                    ValidationError(
                        .unknownReference, table: name, column: column.name, source: column.source,
                        "column \(column.name) uses enum \(type), which the schema does not declare; add EnumType(\"\(type.name)\", ...)"))
            }
        }
        func requireColumns(_ columns: [String], _ what: String, _ source: DeclarationSite) {
            if columns.isEmpty {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: name, column: nil, source: source, "\(what) lists no columns; name at least one"))
            }
            for column in columns where table.column(column) == nil {
                errors.append(
                    ValidationError(
                        .unknownColumn, table: name, column: column, source: source,
                        "\(what) names column \(column), which \(name) does not declare; add the column or fix the name"))
            }
        }
        for key in table.extraPrimaryKeys {
            errors.append(
                ValidationError(
                    .duplicateName, table: name, column: key.columns.first, source: key.source,
                    "\(name) has a second primary key (the first is at \(table.primaryKey!.source)); use one PrimaryKey(...) listing all its columns"
                ))
        }
        if let key = table.primaryKey {
            requireColumns(key.columns, "the primary key", key.source)
            errors += identifierErrors([table.primaryKeyName!], table: name, column: nil, key.source)
        }
        for unique in table.uniques {
            requireColumns(unique.columns, "a unique constraint", unique.source)
            errors += identifierErrors([table.name(of: unique)], table: name, column: unique.columns.first, unique.source)
        }
        for check in table.checks {
            errors += identifierErrors([check.name], table: name, column: nil, check.source)
        }
        for key in table.foreignKeys {
            requireColumns(key.columns, "a foreign key", key.source)
            errors += identifierErrors([table.name(of: key)], table: name, column: key.columns.first, key.source)
            errors += referenceErrors(key, in: table)
        }
        for index in indexes(of: table, memberships: memberships) {
            if !index.isAutomatic, index.expression == nil { requireColumns(index.columns, "an index", index.source) }
            errors += identifierErrors([table.name(of: index)], table: name, column: index.columns.first, index.source)
        }
        errors += constraintNameErrors(table)
        errors += planErrors(table)
        return errors
    }

    private func referenceErrors(_ key: ForeignKey, in table: Table) -> [ValidationError] {
        guard knows(key.referencedTable) else {
            return [
                ValidationError(
                    .unknownReference, table: table.qualifiedName, column: key.columns.first, source: key.source,
                    "column \(key.columns.joined(separator: ", ")) references table \(key.referencedTable), which the schema does not declare; declare it or fix the name"
                )
            ]
        }
        var errors: [ValidationError] = []
        if key.columns.count != key.referencedColumns.count {
            errors.append(
                ValidationError(
                    .invalidDeclaration, table: table.qualifiedName, column: key.columns.first, source: key.source,
                    "a foreign key pairs \(key.columns.count) columns with \(key.referencedColumns.count) referenced columns; list as many on each side"
                ))
        }
        for column in key.referencedColumns where columnType(column, in: key.referencedTable) == nil {
            errors.append(
                ValidationError(
                    .unknownReference, table: table.qualifiedName, column: key.columns.first, source: key.source,
                    "column \(key.columns.joined(separator: ", ")) references \(key.referencedTable).\(column), which is not declared; reference a declared column"
                ))
        }
        return errors
    }

    private func constraintNameErrors(_ table: Table) -> [ValidationError] {
        var names: [String: DeclarationSite] = [:]
        var errors: [ValidationError] = []
        var all: [(String, DeclarationSite)] = []
        if let key = table.primaryKey { all.append((table.primaryKeyName!, key.source)) }
        all += table.uniques.map { (table.name(of: $0), $0.source) }
        all += table.checks.map { ($0.name, $0.source) }
        all += table.foreignKeys.map { (table.name(of: $0), $0.source) }
        for (name, source) in all {
            if let first = names[name] {
                errors.append(
                    ValidationError(
                        .duplicateName, table: table.qualifiedName, column: nil, source: source,
                        "constraint name \(name) is used twice (first at \(first)); pass a distinct name:"))
            }
            names[name] = source
        }
        return errors
    }
}
