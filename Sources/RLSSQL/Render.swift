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
/// `create extension` for every declared extension (after its schema), and `grant usage` on it: to the roles a ``SchemaUsage`` names, else to the roles that get any
/// privilege inside it. A ``SchemaUsage`` for `public` revokes usage from those of
/// ``RLSModel/SchemaUsage/publicDefault`` it leaves out and grants it to the others it names.
func schemaStatements(_ schema: Schema) -> [CompiledStatement] {
    var names: [String] = []
    var users: [String: Set<Role>] = [:]
    func note(_ name: String, _ roles: some Sequence<Role>) {
        if !names.contains(name) { names.append(name) }
        users[name, default: []].formUnion(roles)
    }
    for table in schema.tables { note(table.schema, table.privileges.keys) }
    for type in schema.enums { note(type.schema, []) }
    for function in schema.functions + schema.membershipFunctions { note(function.schema, function.executableBy) }
    for view in schema.views { note(view.schema, view.readableBy + [.serviceRole]) }
    let declared = Dictionary(schema.schemaUsages.map { ($0.schema, Set($0.roles)) }, uniquingKeysWith: { first, _ in first })
    for name in declared.keys { note(name, []) }
    for declared in schema.extensions { note(declared.schema, []) }
    for object in schema.asWritten { note(object.name.schema, []) }
    var statements: [CompiledStatement] = []
    for name in names.sorted() where !SupabaseSchemas.owns(name) {
        let roles = declared[name] ?? users[name] ?? []
        if name == SupabaseSchemas.public {
            guard declared[name] != nil else { continue }
            let revoked = SchemaUsage.publicDefault.filter { !roles.contains($0) }
            if !revoked.isEmpty {
                statements.append(CompiledStatement(.revoke, revokeStatement(["usage"], on: .schema(name), from: revoked)))
            }
            let granted = roles.filter { !SchemaUsage.publicDefault.contains($0) }
            if !granted.isEmpty {
                statements.append(CompiledStatement(.grant, grantStatement(["usage"], on: .schema(name), to: granted.sorted())))
            }
            continue
        }
        statements.append(CompiledStatement(.createSchema, "create schema if not exists \(quoteIdentifier(name));"))
        if !roles.isEmpty {
            statements.append(CompiledStatement(.grant, grantStatement(["usage"], on: .schema(name), to: roles.sorted())))
        }
    }
    return statements + schema.extensions.map(\.createStatement)
}

extension Extension {
    /// `create extension if not exists "unaccent" with schema "app";`: after its schema is created,
    /// before any table or function that uses it.
    var createStatement: CompiledStatement {
        CompiledStatement(
            .createExtension, "create extension if not exists \(quoteIdentifier(name)) with schema \(quoteIdentifier(schema));")
    }
}
