import RLSSQL

extension LintRule {
    /// `table-without-rls` (error): a table in a schema the API exposes has row-level security off.
    ///
    /// On Supabase, RLS is the only barrier between the API and a table: a grant (the dashboard's,
    /// or the default privileges of older projects) makes every row readable and writable by anyone.
    ///
    ///     alter table "public"."note" enable row level security;
    public static let tableWithoutRLS = LintRule(
        id: "table-without-rls",
        summary: "A table in an exposed schema (public, or one the API roles may use) has row-level security off."
    ) { catalog in
        let exposed = catalog.exposedSchemas
        return catalog.tables.filter { exposed.contains($0.name.schema) && !$0.rowSecurity }.map { table in
            LintFinding(
                rule: "table-without-rls", level: .error, object: table.name.description,
                message: "Row-level security is off on \(table.name), which the API exposes: any grant to anon or authenticated "
                    + "exposes every row. Enable RLS and add policies for what each role may do.",
                fix: "alter table \(table.name.sql) enable row level security;",
                dslFix: "Table(\"\(table.name.name)\") { … }.access(…)   // every DSL table with an access plan gets RLS"
            )
        }
    }
}
