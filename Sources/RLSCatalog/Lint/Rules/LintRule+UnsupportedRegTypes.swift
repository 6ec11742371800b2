import RLSSQL

extension LintRule {
    /// `unsupported-reg-types` (warning): a column of a `reg*` type that stores an OID
    /// (`regproc`, `regoper`, `regnamespace`, …): `pg_upgrade` refuses such tables, which blocks
    /// upgrading the project's Postgres.
    ///
    ///     alter table "public"."t" alter column "f" type text;
    public static let unsupportedRegTypes = LintRule(
        id: .unsupportedRegTypes, summary: "A column's reg* type blocks pg_upgrade.", splinter: ["0018_unsupported_reg_types"]
    ) { catalog in
        let blocked: Set<String> = [
            "regcollation", "regconfig", "regdictionary", "regnamespace", "regoper", "regoperator", "regproc", "regprocedure",
        ]
        return catalog.tables.flatMap { table in
            table.columns.filter { blocked.contains($0.type.replacingSuffix("[]")) }.map { column in
                LintFinding(
                    rule: .unsupportedRegTypes, level: .warning, object: "\(table.name).\(column.name)",
                    message: "Column \(column.name) of \(table.name) has type \(column.type), which stores an OID: pg_upgrade refuses such "
                        + "tables, so the project's Postgres cannot be upgraded. Store the name as text instead.",
                    fix: "alter table \(table.name.sql) alter column \(quoteIdentifier(column.name)) type text;"
                )
            }
        }
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String) -> String { hasSuffix(suffix) ? String(dropLast(suffix.count)) : self }
}
