import RLSModel

extension Table {
    /// `create table ... (...)`, with the foreign keys whose targets already exist inline.
    func createStatement(inlineForeignKeys: [ForeignKey]) -> String {
        var lines = columns.map(columnDefinition)
        if let key = primaryKey {
            lines.append("constraint \(quoteIdentifier(primaryKeyName!)) primary key (\(key.columns.quotedList))")
        }
        for unique in uniques {
            lines.append("constraint \(quoteIdentifier(name(of: unique))) unique (\(unique.columns.quotedList))")
        }
        for check in checks {
            lines.append("constraint \(quoteIdentifier(check.name)) check (\(check.condition.text))")
        }
        for key in inlineForeignKeys {
            lines.append(foreignKeyClause(key))
        }
        return "create table \(qualifiedName.sql) (\n"
            + lines.map { "  " + $0 }.joined(separator: ",\n")
            + "\n);"
    }

    /// `constraint "t_c_fkey" foreign key ("c") references "s"."p" ("id") on update cascade on delete cascade`.
    func foreignKeyClause(_ key: ForeignKey) -> String {
        var clause =
            "constraint \(quoteIdentifier(name(of: key))) foreign key (\(key.columns.quotedList))"
            + " references \(key.referencedTable.sql) (\(key.referencedColumns.quotedList))"
        if key.onUpdate != .noAction { clause += " on update \(key.onUpdate.rawValue)" }
        if key.onDelete != .noAction { clause += " on delete \(key.onDelete.rawValue)" }
        return clause
    }

    /// `"id" bigint generated always as identity (sequence name "s"."t_id_seq")`, `"x" text not null default 'a'`.
    func columnDefinition(_ column: Column) -> String {
        var definition = "\(quoteIdentifier(column.name)) \(column.type.sql)"
        if let identity = column.identity {
            let sequence = RLSSQL.qualifiedName(schema: schema, name: identitySequenceName(of: column))
            definition += " generated \(identity.rawValue) as identity (sequence name \(sequence))"
            return definition
        }
        switch column.generation {
        case .serial?: definition = "\(quoteIdentifier(column.name)) \(column.type.serialSQL)"
        case .stored(let expression)?: definition += " generated always as (\(expression.text)) stored"
        case nil: break
        }
        if !column.isNullable { definition += " not null" }
        if let value = column.defaultValue { definition += " default \(value.sql)" }
        return definition
    }

    /// `comment on table` and `comment on column` statements.
    var commentStatements: [CompiledStatement] {
        var statements: [String] = []
        if let comment { statements.append("comment on table \(qualifiedName.sql) is \(quoteLiteral(comment));") }
        for column in columns {
            if let comment = column.comment {
                statements.append(
                    "comment on column \(qualifiedName.sql).\(quoteIdentifier(column.name)) is \(quoteLiteral(comment));")
            }
        }
        return statements.compiled(.comment)
    }

    /// `create [unique] index "name" on "s"."t" [using m] ("c") [where ...];`
    func createStatement(for index: Index) -> String {
        index.createStatement(named: name(of: index), on: qualifiedName)
    }
}
