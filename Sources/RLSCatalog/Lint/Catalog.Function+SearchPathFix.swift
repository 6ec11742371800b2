import RLSSQL

extension Catalog.Function {
    /// The fix for a function without a fixed `search_path`, and what to say about it.
    ///
    /// `alter function … set search_path = ''` alone breaks a function whose body names tables
    /// without their schema (each then fails with 42P01 when it runs, a trigger on every insert). For
    /// such a function the fix is the definition with those names qualified, then the `alter`.
    func searchPathFix(in catalog: Catalog) -> (sql: String, note: String) {
        let pin = "alter \(keyword.lowercased()) \(sqlSignature) set search_path = '';"
        let unqualified = FunctionBody(definition: definition).unqualifiedRelations(in: catalog)
        guard !unqualified.isEmpty else { return (pin, " Set search_path to '' (every name in it is already qualified).") }
        let rewritten = FunctionBody(definition: definition).qualifiedDefinition(in: catalog)
        return (
            rewritten + ";\n" + pin,
            " Its body names \(unqualified.joined(separator: ", ")) without a schema, so setting search_path to '' alone "
                + "would break it (42P01 when it runs): the fix first replaces it with the same definition, names qualified."
        )
    }
}
