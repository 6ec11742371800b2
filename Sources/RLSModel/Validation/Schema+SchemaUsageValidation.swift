extension Schema {
    /// Mistakes in ``SchemaUsage`` declarations: a schema declared twice, one of Supabase's schemas
    /// (its services set who uses them), unusable names, a role listed twice.
    func schemaUsageErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        var seen: [String: DeclarationSite] = [:]
        for usage in schemaUsages {
            let subject = TableName(schema: usage.schema, name: "")
            func fail(_ kind: ValidationError.Kind, _ message: String) {
                errors.append(ValidationError(kind, table: subject, column: nil, source: usage.source, message))
            }
            if let first = seen[usage.schema] {
                fail(.duplicateName, "SchemaUsage(\"\(usage.schema)\") is declared twice (first at \(first)); keep one")
            }
            seen[usage.schema] = usage.source
            if SupabaseSchemas.owns(usage.schema) {
                fail(
                    .invalidDeclaration,
                    "schema \(usage.schema) belongs to Supabase, whose services decide who uses it; declare SchemaUsage only for public or a schema of yours"
                )
            }
            errors += identifierErrors([usage.schema] + usage.roles.map(\.name), table: subject, column: nil, usage.source)
            if Set(usage.roles).count != usage.roles.count {
                fail(.duplicateName, "SchemaUsage(\"\(usage.schema)\") lists a role twice; list each once")
            }
        }
        return errors
    }
}
