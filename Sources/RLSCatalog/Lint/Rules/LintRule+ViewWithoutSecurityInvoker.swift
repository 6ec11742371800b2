import RLSModel
import RLSSQL

extension LintRule {
    /// `view-without-security-invoker` (error): a view the API roles may read runs with its owner's
    /// rights, and its owner (`postgres`) bypasses RLS, so the view shows every row of the tables
    /// under it, whatever their policies say. Materialized views never apply RLS and are flagged too.
    ///
    ///     alter view "public"."welcome" set (security_invoker = true);
    public static let viewWithoutSecurityInvoker = LintRule(
        id: .viewWithoutSecurityInvoker,
        summary: "A view readable by anon or authenticated runs as its owner (no security_invoker), bypassing RLS.",
        splinter: ["0010_security_definer_view"]
    ) { catalog in
        // Views over auth.users are auth-users-exposed; materialized views materialized-view-in-api.
        catalog.views.filter { !$0.isMaterialized && !$0.runsAsInvoker && !$0.readsAuthUsers }.compactMap { view -> LintFinding? in
            let readers = catalog.apiRoles(holding: .select, on: view.name)
            guard !readers.isEmpty else { return nil }
            let roles = readers.map(\.name).joined(separator: ", ")
            let bypassed = catalog.policyProtectedTables(readBy: view, for: readers)
            return LintFinding(
                rule: .viewWithoutSecurityInvoker, level: .error, object: view.name.description,
                message: "View \(view.name) is readable by \(roles) and runs with its owner's rights, bypassing the RLS of the tables "
                    + "it reads: "
                    + (bypassed.isEmpty
                        ? "today \(roles) may read all of their rows anyway, but a policy added later would not apply here. "
                        : "\(roles) read every row of \(bypassed.map(\.description).joined(separator: ", ")) through it, which their policies deny. ")
                    + "Make it run as the caller (security_invoker, PostgreSQL 15+).",
                fix: "alter view \(view.name.sql) set (security_invoker = true);",
                dslFix: "View(\"\(view.name.name)\", …) runs as the caller by default: remove securityInvoker: false"
            )
        }
    }
}
