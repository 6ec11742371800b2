import RLSModel

extension LintRule {
    /// `rls-without-policies`: RLS is on and no policy exists, so every API request sees no rows and
    /// every write fails.
    ///
    /// Info when no API role holds a privilege on the table: a table only the service role and
    /// server functions touch is locked down on purpose. Warning when anon or authenticated hold a
    /// privilege: someone granted access that RLS then denies entirely, which looks like a
    /// forgotten policy (requests return empty results, not errors).
    public static let rlsWithoutPolicies = LintRule(
        id: .rlsWithoutPolicies,
        summary: "RLS is on but the table has no policy: every API request is denied.", splinter: ["0008_rls_enabled_no_policy"]
    ) { catalog in
        catalog.tables.filter { $0.rowSecurity && catalog.policies(on: $0.name).isEmpty }.map { table in
            let privileges = catalog.apiPrivileges(on: table.name)
            if privileges.isEmpty {
                return LintFinding(
                    rule: .rlsWithoutPolicies, level: .info, object: table.name.description,
                    message: "\(table.name) has RLS on and no policy, and the API roles hold no privilege on it: only the service role "
                        + "and SECURITY DEFINER functions reach it. Fine if intended; add policies if clients should see rows."
                )
            }
            return LintFinding(
                rule: .rlsWithoutPolicies, level: .warning, object: table.name.description,
                message:
                    "\(table.name) has RLS on and no policy, yet \(privileges.keys.sorted(by: Role.byName).map(\.name).joined(separator: ", ")) hold privileges on it: "
                    + "every API read returns no rows and every write fails. Add the policies those grants were meant for, or revoke them."
            )
        }
    }
}
