extension LintRule {
    /// `no-primary-key` (info): a table without a primary key. Rows cannot be told apart reliably:
    /// PostgREST updates and deletes by filter only, Realtime and logical replication of updates
    /// and deletes need a key, and the dashboard cannot edit rows.
    ///
    ///     alter table "public"."log" add primary key ("id");
    public static let noPrimaryKey = LintRule(
        id: .noPrimaryKey, summary: "A table has no primary key.", splinter: ["0004_no_primary_key"]
    ) { catalog in
        let exposed = catalog.exposedSchemas
        return catalog.tables.filter { exposed.contains($0.name.schema) && !$0.constraints.contains { $0.kind == .primaryKey } }.map {
            table in
            LintFinding(
                rule: .noPrimaryKey, level: .info, object: table.name.description,
                message: "\(table.name) has no primary key: replication of updates and deletes (Realtime) and editing rows need one. "
                    + "Add one (an identity column or a uuid).",
                dslFix: "a Column(…, .primaryKey) in Table(\"\(table.name.name)\")"
            )
        }
    }
}
