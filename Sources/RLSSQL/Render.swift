import RLSModel

/// The complete SQL that creates `schema` from scratch on a Supabase database: ``compile(_:)``
/// printed, each section under a comment banner. The same schema always gives the same bytes.
///
/// Call ``RLSModel/Schema/validate()`` first: rendering assumes a valid schema.
///
/// ```swift
/// let sql = render(ElectricRide.schema)
/// ```
public func render(_ schema: Schema) -> String {
    compile(schema).sql
}

/// Validates `schema`, then renders it: what `rls sql` prints.
///
/// Throws every validation error at once, each naming the Swift file and line.
public func renderValidated(_ schema: Schema) throws(SchemaValidationError) -> String {
    try schema.validate()
    return render(schema)
}

/// `create schema if not exists` for every declared schema a Supabase database does not already have,
/// `create extension` for every declared extension (after its schema), and the schema privileges a
/// ``SchemaPrivileges`` declares: what it names beyond what the database grants on its own
/// (``RLSModel/SchemaPrivileges/builtIn(_:)``) granted, what it leaves out revoked. Nothing is
/// granted on a schema no declaration names, except usage on ``RLSModel/Membership/helperSchema``
/// for the roles that call the helpers a members plan generates there.
func schemaStatements(_ schema: Schema) -> [CompiledStatement] {
    var names: [String] = []
    func note(_ name: String) {
        if !names.contains(name) { names.append(name) }
    }
    for table in schema.tables { note(table.schema) }
    for type in schema.enums { note(type.schema) }
    for function in schema.functions + schema.membershipFunctions { note(function.schema) }
    for view in schema.views { note(view.schema) }
    for declared in schema.schemaPrivileges { note(declared.schema) }
    for declared in schema.extensions { note(declared.schema) }
    var declared = Dictionary(schema.schemaPrivileges.map { ($0.schema, $0) }, uniquingKeysWith: { first, _ in first })
    let helpers = schema.membershipFunctions
    if declared[Membership.helperSchema] == nil, !helpers.isEmpty {
        let roles = Set(helpers.flatMap(\.executableBy)).sorted()
        declared[Membership.helperSchema] = SchemaPrivileges(Membership.helperSchema, by: roles)
    }
    for object in schema.asWritten { note(object.name.schema) }
    var statements: [CompiledStatement] = []
    for name in names.sorted() where !SupabaseSchemas.owns(name) {
        if name != SupabaseSchemas.public {
            statements.append(CompiledStatement(.createSchema, "create schema if not exists \(quoteIdentifier(name));"))
        }
        if let privileges = declared[name] {
            statements += privileges.statements
            if let comment = privileges.comment {
                statements.append(CompiledStatement(.comment, "comment on schema \(quoteIdentifier(name)) is \(quoteLiteral(comment));"))
            }
        }
    }
    return statements + schema.extensions.map(\.createStatement)
}

extension SchemaPrivileges {
    /// The revokes and grants that take the schema from what a Supabase database grants on it by
    /// itself to what this declares:
    ///
    ///     revoke usage on schema "public" from public, "anon";
    ///     grant create on schema "app" to "app_admin";
    ///     grant usage on schema "app" to "authenticated" with grant option;
    var statements: [CompiledStatement] {
        let builtIn = Self.builtIn(schema)
        var statements: [CompiledStatement] = []
        for (privilege, declared, held) in [("usage", usage, builtIn.usage), ("create", create, builtIn.create)] {
            let revoked = held.filter { !declared.contains($0) }
            if !revoked.isEmpty {
                statements.append(CompiledStatement(.revoke, revokeStatement([privilege], on: .schema(schema), from: revoked)))
            }
        }
        for (privilege, declared, held, grantable) in [
            ("usage", usage, builtIn.usage, usageWithGrantOption), ("create", create, builtIn.create, createWithGrantOption),
        ] {
            let granted = declared.filter { !held.contains($0) && !grantable.contains($0) }.sorted()
            if !granted.isEmpty {
                statements.append(CompiledStatement(.grant, grantStatement([privilege], on: .schema(schema), to: granted)))
            }
            if !grantable.isEmpty {
                statements.append(
                    CompiledStatement(
                        .grant, grantStatement([privilege], on: .schema(schema), to: grantable.sorted(), withGrantOption: true)))
            }
        }
        return statements
    }
}

extension Extension {
    /// `create extension if not exists "unaccent" with schema "app";`: after its schema is created,
    /// before any table or function that uses it.
    var createStatement: CompiledStatement {
        CompiledStatement(
            .createExtension, "create extension if not exists \(quoteIdentifier(name)) with schema \(quoteIdentifier(schema));")
    }
}
