extension LintRule {
    /// `api-role-membership` (error): `anon` or `authenticated` was granted another role
    /// (`grant authenticated to anon`). The member may `SET ROLE` to it, and inherits its privileges
    /// wherever inheritance applies: every policy and grant written for that role now also admits it.
    ///
    ///     revoke "authenticated" from "anon";
    public static let apiRoleMembership = LintRule(
        id: .apiRoleMembership, summary: "anon or authenticated was granted another role."
    ) { catalog in
        catalog.environment.roleMemberships.map { membership in
            LintFinding(
                rule: .apiRoleMembership, level: .error, object: "role \(membership.member)",
                message: "Role \(membership.role) is granted to \(membership.member): \(membership.member) requests may act as "
                    + "\(membership.role) and reach what its grants and policies allow. Supabase never grants this; revoke it "
                    + "(rls plan shows it as drift).",
                fix: membership.revokeSQL
            )
        }
    }
}
