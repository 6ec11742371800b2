import RLSModel

extension LintRule {
    /// `materialized-view-in-api` (error): a materialized view the API roles may read. Materialized
    /// views never apply RLS: whoever can select from one reads every row it holds.
    ///
    ///     revoke select on table "public"."snapshot" from "anon", "authenticated";
    public static let materializedViewInAPI = LintRule(
        id: .materializedViewInAPI,
        summary: "A materialized view (never subject to RLS) is readable by anon or authenticated.",
        splinter: ["0016_materialized_view_in_api"]
    ) { catalog in
        catalog.views.filter { $0.isMaterialized && !$0.readsAuthUsers }.compactMap { view -> LintFinding? in
            let readers = catalog.apiRoles(holding: .select, on: view.name)
            guard !readers.isEmpty else { return nil }
            let bypassed = catalog.policyProtectedTables(readBy: view, for: readers)
            let grantees = catalog.apiPrivileges(on: view.name).filter { $0.value.contains(.select) }.keys.sorted(by: Role.byName)
            return LintFinding(
                rule: .materializedViewInAPI, level: .error, object: view.name.description,
                message:
                    "Materialized view \(view.name) is readable by \(readers.map(\.name).joined(separator: ", ")); materialized views never apply "
                    + "RLS, so they read every row it holds\(bypassed.isEmpty ? "" : ", which the policies of \(bypassed.map(\.description).joined(separator: ", ")) deny them"). "
                    + "Revoke the API roles' SELECT and serve it through a function or a policy-protected table.",
                fix: grantees.isEmpty ? nil : "revoke select on table \(view.name.sql) from \(Catalog.roleList(grantees));"
            )
        }
    }
}
