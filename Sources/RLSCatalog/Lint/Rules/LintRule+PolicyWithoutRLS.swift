import RLSSQL

extension LintRule {
    /// `policy-without-rls` (error): a table has policies but row-level security is off, so Postgres
    /// ignores them: whoever holds a grant sees every row, whatever the policies say.
    ///
    ///     alter table "public"."note" enable row level security;
    public static let policyWithoutRLS = LintRule(
        id: .policyWithoutRLS,
        summary: "A table has policies but RLS is off, so the policies are ignored.", splinter: ["0007_policy_exists_rls_disabled"]
    ) { catalog in
        catalog.tables.filter { !$0.rowSecurity }.compactMap { table -> LintFinding? in
            let names = catalog.policies(on: table.name).map(\.name)
            guard !names.isEmpty else { return nil }
            return LintFinding(
                rule: .policyWithoutRLS, level: .error, object: table.name.description,
                message: "\(table.name) has \(names.count) polic\(names.count == 1 ? "y" : "ies") (\(names.joined(separator: ", "))) "
                    + "but RLS is off, so Postgres ignores them. Enable RLS so they take effect.",
                fix: "alter table \(table.name.sql) enable row level security;"
            )
        }
    }
}
