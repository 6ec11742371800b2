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
/// and `grant usage` on it to the roles that get any privilege inside it.
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
    var statements: [CompiledStatement] = []
    for name in names.sorted()
    where !SupabaseSchemas.preexists(name) {
        statements.append(CompiledStatement(.createSchema, "create schema if not exists \(quoteIdentifier(name));"))
        if let roles = users[name], !roles.isEmpty {
            statements.append(CompiledStatement(.grant, grantStatement(["usage"], on: .schema(name), to: roles.sorted())))
        }
    }
    return statements
}
