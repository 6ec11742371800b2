import RLSModel

extension LintRule {
    /// `user-metadata-in-policy` (error): a policy reads `raw_user_meta_data` or the JWT's
    /// `user_metadata`, which every signed-in user can change about themselves
    /// (`supabase.auth.updateUser({ data: … })`), so the policy trusts what the caller says.
    ///
    ///     -- instead: (select auth.jwt()) -> 'app_metadata' ->> 'role'   (only the server can write it)
    public static let userMetadataInPolicy = LintRule(
        id: .userMetadataInPolicy,
        summary: "A policy trusts raw_user_meta_data / user_metadata, which users edit themselves.",
        splinter: ["0015_rls_references_user_metadata"]
    ) { catalog in
        catalog.policies.compactMap { policy in
            let texts = [policy.using, policy.withCheck].compactMap { $0 }
            guard texts.contains(where: { PolicyExpression(text: $0).readsUserMetadata }) else { return nil }
            return LintFinding(
                rule: .userMetadataInPolicy, level: .error, object: "\(policy.table).\(policy.name)",
                message: "Policy \(policy.name) on \(policy.table) \(UserMetadata.reason).",
                dslFix: UserMetadata.fix
            )
        }
    }
}
