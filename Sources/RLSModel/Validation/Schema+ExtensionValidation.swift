extension Schema {
    /// Mistakes in ``Extension`` declarations: an extension declared twice, one every Supabase
    /// database already has, unusable names.
    func extensionErrors() -> [ValidationError] {
        var errors: [ValidationError] = []
        var seen: [String: DeclarationSite] = [:]
        for declared in extensions {
            let subject = TableName(schema: declared.schema, name: declared.name)
            func fail(_ kind: ValidationError.Kind, _ message: String) {
                errors.append(ValidationError(kind, table: subject, column: nil, source: declared.source, message))
            }
            if let first = seen[declared.name] {
                fail(.duplicateName, "Extension(\"\(declared.name)\") is declared twice (first at \(first)); keep one")
            }
            seen[declared.name] = declared.source
            if SupabaseExtensions.isPreinstalled(declared.name) {
                fail(
                    .invalidDeclaration,
                    "every Supabase database already has extension \(declared.name); remove Extension(\"\(declared.name)\")")
            }
            errors += identifierErrors([declared.schema, declared.name], table: subject, column: nil, declared.source)
        }
        return errors
    }
}
