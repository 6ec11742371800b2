import RLSSQL

extension CatalogDiff {
    /// Schemas and enum types: created early, dropped last.
    mutating func diffSchemasAndEnums() {
        let currentSchemas = Dictionary(uniqueKeysWithValues: current.schemas.map { ($0.name, $0) })
        let desiredSchemas = Dictionary(uniqueKeysWithValues: desired.schemas.map { ($0.name, $0) })
        for schema in desired.schemas {
            let sql = "SCHEMA \(quoteIdentifier(schema.name))"
            if let existing = currentSchemas[schema.name] {
                if existing.comment != schema.comment {
                    add(
                        .comment,
                        Change(
                            kind: .comment, object: .schema, name: schema.name,
                            sql: commentSQL(on: sql, schema.comment)))
                }
                continue
            }
            var statement = "CREATE \(sql);"
            if let comment = schema.comment { statement += "\n" + commentSQL(on: sql, comment) }
            add(.createSchema, Change(kind: .create, object: .schema, name: schema.name, sql: statement))
        }
        for schema in current.schemas where desiredSchemas[schema.name] == nil {
            // Without CASCADE the drop fails unless the schema is empty, but `rls apply` asks for
            // --allow-destructive for every `DROP SCHEMA`, so the plan says so too.
            add(
                .dropSchema,
                Change(
                    kind: .drop, object: .schema, name: schema.name, isDestructive: true,
                    sql: "DROP SCHEMA \(quoteIdentifier(schema.name));"))
        }
        diffEnums()
    }

    private mutating func diffEnums() {
        let existing = Dictionary(uniqueKeysWithValues: current.enums.map { ($0.name, $0) })
        let wanted = Dictionary(uniqueKeysWithValues: desired.enums.map { ($0.name, $0) })
        for type in desired.enums {
            guard let old = existing[type.name] else {
                add(.createEnum, Change(kind: .create, object: .enumType, name: "\(type.name)", sql: createSQL(type)))
                continue
            }
            if old.labels != type.labels {
                if let additions = addedLabelsSQL(from: old, to: type) {
                    add(.createEnum, Change(kind: .alter, object: .enumType, name: "\(type.name)", sql: additions))
                } else {
                    // Postgres cannot remove or reorder labels: the type is dropped and created again,
                    // which fails while a column still uses it and loses nothing only when none does.
                    add(
                        .createEnum,
                        Change(
                            kind: .alter, object: .enumType, name: "\(type.name)", isDestructive: true,
                            sql: "DROP TYPE \(type.name.sql);\n" + createSQL(type)))
                }
            } else if old.comment != type.comment {
                add(
                    .comment,
                    Change(
                        kind: .comment, object: .enumType, name: "\(type.name)",
                        sql: commentSQL(on: "TYPE \(type.name.sql)", type.comment)))
            }
        }
        for type in current.enums where wanted[type.name] == nil {
            add(
                .dropEnum,
                Change(
                    kind: .drop, object: .enumType, name: "\(type.name)", isDestructive: true,
                    sql: "DROP TYPE \(type.name.sql);"))
        }
    }

    private func createSQL(_ type: Catalog.EnumType) -> String {
        var sql = "CREATE TYPE \(type.name.sql) AS ENUM (\(type.labels.map(quoteLiteral).joined(separator: ", ")));"
        if let comment = type.comment { sql += "\n" + commentSQL(on: "TYPE \(type.name.sql)", comment) }
        return sql
    }

    /// `ALTER TYPE … ADD VALUE` statements when the new labels only insert into the old ones, else nil.
    private func addedLabelsSQL(from old: Catalog.EnumType, to new: Catalog.EnumType) -> String? {
        guard new.labels.filter(old.labels.contains) == old.labels else { return nil }
        var statements: [String] = []
        for (index, label) in new.labels.enumerated() where !old.labels.contains(label) {
            // Labels are added in order, so the previous one always exists by now.
            let position =
                index == 0
                ? old.labels.first.map { " BEFORE \(quoteLiteral($0))" } ?? ""
                : " AFTER \(quoteLiteral(new.labels[index - 1]))"
            statements.append("ALTER TYPE \(new.name.sql) ADD VALUE \(quoteLiteral(label))\(position);")
        }
        if old.comment != new.comment { statements.append(commentSQL(on: "TYPE \(new.name.sql)", new.comment)) }
        return statements.joined(separator: "\n")
    }
}
