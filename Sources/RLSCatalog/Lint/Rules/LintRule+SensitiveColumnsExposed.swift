extension LintRule {
    /// `sensitive-columns-exposed` (error): a table the API can read, RLS off, with columns named like
    /// credentials or personal data (`password`, `token`, `ssn`, `iban`, …). Reported instead of
    /// `table-without-rls` for that table: the same fix, a sharper reason.
    ///
    ///     alter table "public"."account" enable row level security;
    public static let sensitiveColumnsExposed = LintRule(
        id: .sensitiveColumnsExposed,
        summary: "A table the API reads without RLS has columns named like credentials or personal data.",
        splinter: ["0023_sensitive_columns_exposed"]
    ) { catalog in
        catalog.tables.filter { catalog.policies(on: $0.name).isEmpty && !catalog.isQueueTable($0.name) }.compactMap {
            table -> LintFinding? in
            let columns = catalog.exposedSensitiveColumns(of: table)
            guard !columns.isEmpty else { return nil }
            return LintFinding(
                rule: .sensitiveColumnsExposed, level: .error, object: table.name.description,
                message:
                    "\(table.name) has RLS off and \(catalog.apiRoles(holding: .select, on: table.name).map(\.name).joined(separator: ", ")) "
                    + "may read it, including \(columns.joined(separator: ", ")): anyone with the anon key reads these for every row. "
                    + "Enable RLS and add policies, and keep secrets out of tables the API can reach.",
                fix: "alter table \(table.name.sql) enable row level security;"
            )
        }
    }
}
