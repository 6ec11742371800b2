/// The lint engine: runs every ``LintRule`` on a ``Catalog`` and returns the findings in a fixed order.
///
///     let report = Lint.run(try connection.introspectCatalog())
///     print(report.count(.error))   // 0
public enum Lint {
    /// Every rule, in the order `Docs/LINT.md` describes them.
    public static let rules: [LintRule] = [
        .tableWithoutRLS,
        .sensitiveColumnsExposed,
        .apiGrantWithoutRLS,
        .policyWithoutRLS,
        .rlsWithoutPolicies,
        .userMetadataInPolicy,
        .rlsPolicyAlwaysTrue,
        .viewWithoutSecurityInvoker,
        .materializedViewInAPI,
        .authUsersExposed,
        .foreignTableInAPI,
        .insecureQueueExposedInAPI,
        .anonSecurityDefinerFunctionExecutable,
        .authenticatedSecurityDefinerFunctionExecutable,
        .securityDefinerSearchPath,
        .functionSearchPathMutable,
        .unqualifiedNameInFunction,
        .dynamicSQLWithoutQuoting,
        .apiRoleMembership,
        .apiRoleDefaultPrivileges,
        .publicBucketAllowsListing,
        .pgGraphQLAnonTableExposed,
        .pgGraphQLAuthenticatedTableExposed,
        .authFunctionPerRow,
        .multiplePermissivePolicies,
        .policyWithoutRole,
        .ownerColumnWithoutIndex,
        .unindexedForeignKeys,
        .duplicateIndex,
        .noPrimaryKey,
        .fkeyToAuthUnique,
        .extensionInPublic,
        .extensionVersionsOutdated,
        .unsupportedRegTypes,
        .liveTableUnreadable,
        .liveTableOpen,
        .liveTablePerRowFunction,
    ]

    /// Splinter lints that do not apply to a project's schema, and why: `rls lint` has no rule for them.
    public static let splinterNotApplicable: [String: String] = [
        "0005_unused_index": "needs the database's usage statistics, not its schema",
        "0012_auth_allow_anonymous_sign_ins": "an Auth setting, not part of the database",
        "0020_table_bloat": "needs the database's storage statistics, not its schema",
    ]

    /// Runs `rules` (all of them by default) on `catalog`.
    public static func run(_ catalog: Catalog, rules: [LintRule] = Lint.rules) -> LintReport {
        LintReport(findings: rules.flatMap { $0.check(catalog) })
    }
}
