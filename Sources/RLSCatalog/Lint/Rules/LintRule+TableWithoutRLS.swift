import RLSSQL

extension LintRule {
    /// `table-without-rls` (error): a table in a schema the API exposes has row-level security off.
    ///
    /// On Supabase, RLS is the only barrier between the API and a table: a grant (the dashboard's,
    /// or the default privileges of older projects) makes every row readable and writable by anyone.
    ///
    ///     alter table "public"."note" enable row level security;
    public static let tableWithoutRLS = LintRule(
        id: .tableWithoutRLS,
        summary: "A table in an exposed schema (public, or one the API roles may use) has row-level security off.",
        splinter: ["0013_rls_disabled_in_public"]
    ) { catalog in
        let exposed = catalog.exposedSchemas
        // One finding per table: with policies it is policy-without-rls, with readable sensitive
        // columns sensitive-columns-exposed, a pgmq queue insecure-queue-exposed-in-api; all carry the same fix.
        let tables = catalog.tables.filter {
            exposed.contains($0.name.schema) && !$0.rowSecurity && catalog.policies(on: $0.name).isEmpty
                && catalog.exposedSensitiveColumns(of: $0).isEmpty && !catalog.isQueueTable($0.name)
        }
        return tables.map { table in
            LintFinding(
                rule: .tableWithoutRLS, level: .error, object: table.name.description,
                message: "Row-level security is off on \(table.name), which the API exposes: \(catalog.grantSentence(table.name)) "
                    + "Enable RLS and add policies for what each role may do.",
                fix: "alter table \(table.name.sql) enable row level security;",
                dslFix: "Table(\"\(table.name.name)\") { … }.access(…)   // every DSL table with an access plan gets RLS"
            )
        }
    }
}
