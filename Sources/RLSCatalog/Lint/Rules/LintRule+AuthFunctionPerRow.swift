import RLSSQL

extension LintRule {
    /// `auth-function-per-row` (warning): a policy calls `auth.uid()`, `auth.jwt()`, `auth.role()`,
    /// `auth.email()` or `current_setting('request.jwt…')` bare, so Postgres calls it once per row.
    /// Wrapped in `(select …)` it becomes an initplan, evaluated once per statement: on large
    /// tables the difference is orders of magnitude.
    ///
    ///     using (owner_id = (select auth.uid()))
    public static let authFunctionPerRow = LintRule(
        id: .authFunctionPerRow,
        summary: "A policy calls auth.uid()/auth.jwt()/auth.role() once per row instead of once per statement.",
        splinter: ["0003_auth_rls_initplan"]
    ) { catalog in
        catalog.policies.compactMap { policy in
            let using = policy.using.map(PolicyExpression.init(text:))
            let check = policy.withCheck.map(PolicyExpression.init(text:))
            let calls = Set((using?.perRowAuthCalls ?? []) + (check?.perRowAuthCalls ?? [])).sorted()
            guard !calls.isEmpty else { return nil }
            var clauses: [String] = []
            if let using, !using.perRowAuthCalls.isEmpty { clauses.append("using (\(using.wrappingAuthCalls))") }
            if let check, !check.perRowAuthCalls.isEmpty { clauses.append("with check (\(check.wrappingAuthCalls))") }
            return LintFinding(
                rule: .authFunctionPerRow, level: .warning, object: "\(policy.table).\(policy.name)",
                message: "Policy \(policy.name) on \(policy.table) calls \(calls.joined(separator: ", ")) for every row it filters. "
                    + "Wrap each call as (select …) so Postgres evaluates it once per statement.",
                fix: "alter policy \(quoteIdentifier(policy.name)) on \(policy.table.sql) \(clauses.joined(separator: " "));",
                dslFix: "access plans already compile to (select auth.uid()); in SQL(raw:), write (select auth.uid())"
            )
        }
    }
}
