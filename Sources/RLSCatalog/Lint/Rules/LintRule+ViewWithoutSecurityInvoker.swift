import RLSSQL

extension LintRule {
    /// `view-without-security-invoker` (error): a view the API roles may read runs with its owner's
    /// rights, and its owner (`postgres`) bypasses RLS, so the view shows every row of the tables
    /// under it, whatever their policies say. Materialized views never apply RLS and are flagged too.
    ///
    ///     alter view "public"."welcome" set (security_invoker = true);
    public static let viewWithoutSecurityInvoker = LintRule(
        id: "view-without-security-invoker",
        summary: "A view readable by anon or authenticated runs as its owner (no security_invoker), bypassing RLS."
    ) { catalog in
        catalog.views.compactMap { view in
            let privileges = catalog.apiPrivileges(on: view.name).filter { $0.value.contains("SELECT") }
            guard !privileges.isEmpty, view.isMaterialized || !view.runsAsInvoker else { return nil }
            let roles = privileges.keys.sorted().joined(separator: ", ")
            if view.isMaterialized {
                return LintFinding(
                    rule: "view-without-security-invoker", level: .error, object: view.name.description,
                    message: "Materialized view \(view.name) is readable by \(roles); materialized views never apply RLS, so the API "
                        + "reads every row it holds. Revoke the API roles' SELECT and serve it through a function or a policy-protected table.",
                    fix: "revoke select on table \(view.name.sql) from \(privileges.keys.sorted().map { $0 == "public" ? "PUBLIC" : quoteIdentifier($0) }.joined(separator: ", "));"
                )
            }
            return LintFinding(
                rule: "view-without-security-invoker", level: .error, object: view.name.description,
                message: "View \(view.name) is readable by \(roles) and runs with its owner's rights, bypassing the RLS of the tables "
                    + "it reads. Make it run as the caller (security_invoker, PostgreSQL 15+).",
                fix: "alter view \(view.name.sql) set (security_invoker = true);",
                dslFix: "View(\"\(view.name.name)\", …) runs as the caller by default: remove securityInvoker: false"
            )
        }
    }
}
