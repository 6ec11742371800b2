import RLSModel

extension LintRule {
    /// `foreign-table-in-api` (warning): a foreign table the API roles may read. Foreign tables do
    /// not support RLS: every row the remote side returns is readable.
    ///
    ///     revoke select on table "public"."remote_orders" from "anon", "authenticated";
    public static let foreignTableInAPI = LintRule(
        id: .foreignTableInAPI, summary: "A foreign table (never subject to RLS) is readable by anon or authenticated.",
        splinter: ["0017_foreign_table_in_api"]
    ) { catalog in
        let exposed = catalog.exposedSchemas
        return catalog.environment.foreignTables.filter { !$0.readers.isEmpty && exposed.contains($0.name.schema) }.map { table in
            LintFinding(
                rule: .foreignTableInAPI, level: .warning, object: table.name.description,
                message:
                    "Foreign table \(table.name) is readable by \(table.readers.map(\.name).joined(separator: ", ")): foreign tables do not support "
                    + "RLS, so the API reads every row the remote server returns. Move it to a schema the API does not expose, or revoke.",
                fix: "revoke select on table \(table.name.sql) from \(Catalog.roleList(table.readers));"
            )
        }
    }
}
