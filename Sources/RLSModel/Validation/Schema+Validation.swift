extension Schema {
    /// Postgres truncates names longer than this many bytes (NAMEDATALEN - 1).
    public static let maximumIdentifierBytes = 63

    /// Throws every mistake at once, each naming its Swift file and line.
    public func validate() throws(SchemaValidationError) {
        let errors = validationErrors()
        if !errors.isEmpty { throw SchemaValidationError(errors: errors) }
    }

    /// Every mistake in the schema, in declaration order; empty when it compiles.
    public func validationErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        var relations: [TableName: DeclarationSite] = [:]
        func claim(_ name: TableName, _ source: DeclarationSite, _ what: String) {
            if let first = relations[name] {
                errors.append(
                    ValidationError(
                        .duplicateName, table: name, column: nil, source: source,
                        "\(what) \(name) is declared twice (first at \(first)); rename or remove one"))
            } else {
                relations[name] = source
            }
        }
        let memberships = self.memberships  // once: finding them walks every table's plans
        for table in tables {
            claim(table.qualifiedName, table.source, "table")
            if SupabaseSchemas.owns(table.schema) {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: table.qualifiedName, column: nil, source: table.source,
                        "schema \(table.schema) belongs to Supabase (its services create and migrate these tables), so the DSL "
                            + "declares no table there; " + Self.ownedSchemaAdvice(table.schema)))
                continue
            }
            errors += validate(table, memberships: memberships)
            errors += grantListErrors(table.overrides.grants, allowed: Privilege.allTable, on: "a table", table.qualifiedName, table.source)
            errors += grantListErrors(
                table.overrides.sequenceGrants, allowed: Privilege.allSequence, on: "a sequence", table.qualifiedName, table.source)
        }
        for view in views {
            claim(view.qualifiedName, view.source, "view")
            errors += identifierErrors([view.schema, view.name], table: view.qualifiedName, column: nil, view.source)
            if !view.isMaterialized, !view.indexes.isEmpty {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: view.qualifiedName, column: nil, source: view.source,
                        "view \(view.qualifiedName) declares indexes, which only a materialized view has; add .materialized() or remove them"
                    ))
            }
            for index in view.indexes {
                errors += identifierErrors(index.columns + [view.name(of: index)], table: view.qualifiedName, column: nil, index.source)
            }
            errors += grantListErrors(view.grants, allowed: Privilege.allTable, on: "a view", view.qualifiedName, view.source)
        }
        var types: [TableName: DeclarationSite] = [:]
        for type in enums {
            if let first = types[type.qualifiedName] {
                errors.append(
                    ValidationError(
                        .duplicateName, table: type.qualifiedName, column: nil, source: type.source,
                        "enum \(type.qualifiedName) is declared twice (first at \(first)); rename or remove one"))
            }
            types[type.qualifiedName] = type.source
            errors += identifierErrors([type.schema, type.name], table: type.qualifiedName, column: nil, type.source)
            if type.values.isEmpty || Set(type.values).count != type.values.count {
                errors.append(
                    ValidationError(
                        .invalidDeclaration, table: type.qualifiedName, column: nil, source: type.source,
                        "enum \(type.qualifiedName) needs at least one value and no value twice"))
            }
        }
        errors += validateRoutines()
        errors += textSafetyErrors()
        errors += realtimeErrors()
        errors += storageErrors()
        errors += ownedSchemaErrors()
        errors += schemaPrivilegesErrors()
        errors += grantOptionErrors()
        errors += defaultPrivilegeErrors()
        errors += extensionErrors()
        return errors
    }

    /// Errors for every name in `names` that is empty, holds a NUL or control character, or is longer than 63 bytes.
    func identifierErrors(
        _ names: [String], table: TableName?, column: String?, _ source: DeclarationSite
    ) -> [ValidationError] {
        let unsafe = names.compactMap { name in
            Self.unsafeNameReason(name).map {
                ValidationError(.invalidName, table: table, column: column, source: source, "name \(name.debugDescription) \($0)")
            }
        }
        return unsafe
            + names.filter { $0.utf8.count > Self.maximumIdentifierBytes }.map { name in
                ValidationError(
                    .identifierTooLong, table: table, column: column, source: source,
                    "name \"\(name)\" is \(name.utf8.count) bytes; Postgres allows \(Self.maximumIdentifierBytes) and would truncate it, so shorten it (or pass name: for derived constraint names)"
                )
            }
    }

    /// The type of `column` in a declared table or `auth.users`, nil when unknown.
    func columnType(_ column: String, in table: TableName) -> ColumnType? {
        if table == .authUsers { return AuthUsers.columns[column] }
        return self.table(table)?.column(column)?.type
    }

    /// Whether `table` is declared or is `auth.users`.
    func knows(_ table: TableName) -> Bool {
        table == .authUsers || self.table(table) != nil
    }
}

extension Schema {
    /// Views, enums and functions declared in one of Supabase's own schemas (tables are refused with
    /// their own advice): plan never reads objects there, so they would be written and then ignored.
    func ownedSchemaErrors() -> [ValidationError] {
        let objects =
            views.map { ("view", $0.qualifiedName, $0.source) }
            + enums.map { ("enum", $0.qualifiedName, $0.source) }
            + functions.map { ("function", $0.qualifiedName, $0.source) }
        return objects.filter { SupabaseSchemas.owns($0.1.schema) }.map { what, name, source in
            ValidationError(
                .invalidDeclaration, table: name, column: nil, source: source,
                "\(what) \(name) is in schema \(name.schema), which belongs to Supabase, so the DSL declares nothing "
                    + "there; declare it in public or a schema of yours")
        }
    }

    /// What to declare instead of a table in one of Supabase's own schemas.
    static func ownedSchemaAdvice(_ schema: String) -> String {
        switch schema {
        case "realtime":
            "declare who may use a private channel with .channel(...) on the table whose rows it belongs to"
        case "storage":
            "declare a bucket and who may read and write its files with Bucket(\"name\").access(...) beside your tables"
        default:
            "declare your own tables in public or a schema of yours, and reference auth.users with .references(.authUsers)"
        }
    }
}
