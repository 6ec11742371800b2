extension Schema {
    /// Mistakes in ``SchemaPrivileges`` declarations: a schema declared twice, one of Supabase's
    /// schemas (its services set who uses them), unusable names, a role listed twice; and a schema of
    /// yours whose objects grant something to a role while no declaration says who may use it.
    func schemaPrivilegesErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        var seen: [String: DeclarationSite] = [:]
        for declared in schemaPrivileges {
            let subject = TableName(schema: declared.schema, name: "")
            func fail(_ kind: ValidationError.Kind, _ message: String) {
                errors.append(ValidationError(kind, table: subject, column: nil, source: declared.source, message))
            }
            if let first = seen[declared.schema] {
                fail(.duplicateName, "the privileges of schema \(declared.schema) are declared twice (first at \(first)); keep one")
            }
            seen[declared.schema] = declared.source
            if SupabaseSchemas.owns(declared.schema) {
                fail(
                    .invalidDeclaration,
                    "schema \(declared.schema) belongs to Supabase, whose services decide who uses it; declare SchemaUsage only for public or a schema of yours"
                )
            }
            errors += identifierErrors(
                [declared.schema] + (declared.usage + declared.create).map(\.name), table: subject, column: nil, declared.source)
            if Set(declared.usage).count != declared.usage.count || Set(declared.create).count != declared.create.count {
                fail(.duplicateName, "the privileges of schema \(declared.schema) list a role twice; list each once")
            }
            for (privilege, holders, grantable) in [
                ("usage", declared.usage, declared.usageWithGrantOption), ("create", declared.create, declared.createWithGrantOption),
            ] {
                let strays = grantable.filter { !holders.contains($0) || $0 == .public }
                if !strays.isEmpty {
                    fail(
                        .invalidDeclaration,
                        "schema \(declared.schema) gives \(strays.map(\.name).joined(separator: ", ")) the grant option for \(privilege) "
                            + "without listing it in \(privilege): (a grant option goes with the privilege, and never to public); "
                            + "add the role to \(privilege): or take it out of .withGrantOption(\(privilege): ...)")
                }
            }
        }
        for (name, roles) in rolesGrantedInside() where seen[name] == nil {
            let list = roles.sorted().map(\.swiftName).joined(separator: ", ")
            errors.append(
                ValidationError(
                    .invalidDeclaration, table: TableName(schema: name, name: ""), column: nil, source: source,
                    "schema \(name) grants privileges to \(roles.sorted().map(\.name).joined(separator: ", ")) on its objects, but no declaration says "
                        + "who may use the schema (rls grants nothing on a schema implicitly); add SchemaUsage(\"\(name)\", by: \(list))"))
        }
        return errors
    }

    /// The roles granted something on a table, view or function in each schema of yours other than `public`.
    private func rolesGrantedInside() -> [(String, Set<Role>)] {
        var roles: [String: Set<Role>] = [:]
        for table in tables { roles[table.schema, default: []].formUnion(table.privileges.keys) }
        for function in functions { roles[function.schema, default: []].formUnion(function.executableBy) }
        for view in views { roles[view.schema, default: []].formUnion(view.readableBy) }
        return roles.filter { !SupabaseSchemas.preexists($0.key) && !$0.value.subtracting([.public]).isEmpty }
            .sorted { $0.key < $1.key }
    }
}

extension Role {
    /// How Swift source names the role: `.authenticated`, `Role("app_admin")`.
    fileprivate var swiftName: String {
        switch self {
        case .anon: ".anon"
        case .authenticated: ".authenticated"
        case .serviceRole: ".serviceRole"
        case .public: ".public"
        default: "Role(\(name.debugDescription))"
        }
    }
}
