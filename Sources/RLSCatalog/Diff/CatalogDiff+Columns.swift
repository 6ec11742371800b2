import RLSSQL

extension CatalogDiff {
    /// Columns of a kept table: added, dropped (destructive), altered in place or rebuilt.
    mutating func diffColumns(of old: Catalog.Table, to new: Catalog.Table) {
        for column in old.columns where new.column(column.name) == nil {
            add(
                .dropColumn,
                Change(
                    kind: .drop, object: .column, name: "\(old.name).\(column.name)",
                    isDestructive: true, sql: dropSQL(old.name, column)))
        }
        for column in new.columns {
            let name = "\(new.name).\(column.name)"
            guard let previous = old.column(column.name) else {
                add(.addColumn, Change(kind: .create, object: .column, name: name, sql: addSQL(new.name, column)))
                continue
            }
            if ColumnChange.needsRebuild(previous, column) {
                // Marked even when only derived (stored generated) values go: `rls apply` asks for
                // --allow-destructive for every `DROP COLUMN`, and the plan must say so beforehand.
                add(
                    .dropColumn,
                    Change(
                        kind: .drop, object: .column, name: name, isDestructive: true,
                        sql: dropSQL(old.name, previous)))
                add(.addColumn, Change(kind: .create, object: .column, name: name, sql: addSQL(new.name, column)))
                continue
            }
            let statements = ColumnChange.alterStatements(table: new.name, from: previous, to: column)
            if !statements.isEmpty {
                // Any type change may fail or lose data (`rls apply` asks for --allow-destructive for
                // every `ALTER COLUMN … TYPE`, unable to tell widening from narrowing), so the plan says so too.
                add(
                    .alterColumn,
                    Change(
                        kind: .alter, object: .column, name: name,
                        isDestructive: previous.type != column.type,
                        sql: statements.joined(separator: "\n")))
            }
            if previous.comment != column.comment {
                add(
                    .comment,
                    Change(
                        kind: .comment, object: .column, name: name,
                        sql: commentSQL(on: columnTarget(new.name, column), column.comment)))
            }
        }
    }

    private func dropSQL(_ table: QualifiedName, _ column: Catalog.Column) -> String {
        "ALTER TABLE \(table.sql) DROP COLUMN \(quoteIdentifier(column.name));"
    }

    private func addSQL(_ table: QualifiedName, _ column: Catalog.Column) -> String {
        var sql = "ALTER TABLE \(table.sql) ADD COLUMN \(column.definitionSQL);"
        if let comment = column.comment { sql += "\n" + commentSQL(on: columnTarget(table, column), comment) }
        return sql
    }

    private func columnTarget(_ table: QualifiedName, _ column: Catalog.Column) -> String {
        "COLUMN \(table.sql).\(quoteIdentifier(column.name))"
    }
}
