/// The rules' ids, one constant per rule, named as the rule is.
extension LintRule.ID {
    /// `anon-security-definer-function-executable`: ``LintRule/anonSecurityDefinerFunctionExecutable``.
    public static let anonSecurityDefinerFunctionExecutable = LintRule.ID(rawValue: "anon-security-definer-function-executable")
    /// `api-grant-without-rls`: ``LintRule/apiGrantWithoutRLS``.
    public static let apiGrantWithoutRLS = LintRule.ID(rawValue: "api-grant-without-rls")
    /// `api-role-default-privileges`: ``LintRule/apiRoleDefaultPrivileges``.
    public static let apiRoleDefaultPrivileges = LintRule.ID(rawValue: "api-role-default-privileges")
    /// `api-role-membership`: ``LintRule/apiRoleMembership``.
    public static let apiRoleMembership = LintRule.ID(rawValue: "api-role-membership")
    /// `auth-function-per-row`: ``LintRule/authFunctionPerRow``.
    public static let authFunctionPerRow = LintRule.ID(rawValue: "auth-function-per-row")
    /// `auth-users-exposed`: ``LintRule/authUsersExposed``.
    public static let authUsersExposed = LintRule.ID(rawValue: "auth-users-exposed")
    /// `authenticated-security-definer-function-executable`: ``LintRule/authenticatedSecurityDefinerFunctionExecutable``.
    public static let authenticatedSecurityDefinerFunctionExecutable = LintRule.ID(rawValue: "authenticated-security-definer-function-executable")
    /// `duplicate-index`: ``LintRule/duplicateIndex``.
    public static let duplicateIndex = LintRule.ID(rawValue: "duplicate-index")
    /// `dynamic-sql-without-quoting`: ``LintRule/dynamicSQLWithoutQuoting``.
    public static let dynamicSQLWithoutQuoting = LintRule.ID(rawValue: "dynamic-sql-without-quoting")
    /// `extension-in-public`: ``LintRule/extensionInPublic``.
    public static let extensionInPublic = LintRule.ID(rawValue: "extension-in-public")
    /// `extension-versions-outdated`: ``LintRule/extensionVersionsOutdated``.
    public static let extensionVersionsOutdated = LintRule.ID(rawValue: "extension-versions-outdated")
    /// `fkey-to-auth-unique`: ``LintRule/fkeyToAuthUnique``.
    public static let fkeyToAuthUnique = LintRule.ID(rawValue: "fkey-to-auth-unique")
    /// `foreign-table-in-api`: ``LintRule/foreignTableInAPI``.
    public static let foreignTableInAPI = LintRule.ID(rawValue: "foreign-table-in-api")
    /// `function-search-path-mutable`: ``LintRule/functionSearchPathMutable``.
    public static let functionSearchPathMutable = LintRule.ID(rawValue: "function-search-path-mutable")
    /// `insecure-queue-exposed-in-api`: ``LintRule/insecureQueueExposedInAPI``.
    public static let insecureQueueExposedInAPI = LintRule.ID(rawValue: "insecure-queue-exposed-in-api")
    /// `live-table-open`: ``LintRule/liveTableOpen``.
    public static let liveTableOpen = LintRule.ID(rawValue: "live-table-open")
    /// `live-table-per-row-function`: ``LintRule/liveTablePerRowFunction``.
    public static let liveTablePerRowFunction = LintRule.ID(rawValue: "live-table-per-row-function")
    /// `live-table-unreadable`: ``LintRule/liveTableUnreadable``.
    public static let liveTableUnreadable = LintRule.ID(rawValue: "live-table-unreadable")
    /// `materialized-view-in-api`: ``LintRule/materializedViewInAPI``.
    public static let materializedViewInAPI = LintRule.ID(rawValue: "materialized-view-in-api")
    /// `multiple-permissive-policies`: ``LintRule/multiplePermissivePolicies``.
    public static let multiplePermissivePolicies = LintRule.ID(rawValue: "multiple-permissive-policies")
    /// `no-primary-key`: ``LintRule/noPrimaryKey``.
    public static let noPrimaryKey = LintRule.ID(rawValue: "no-primary-key")
    /// `owner-column-without-index`: ``LintRule/ownerColumnWithoutIndex``.
    public static let ownerColumnWithoutIndex = LintRule.ID(rawValue: "owner-column-without-index")
    /// `pg-graphql-anon-table-exposed`: ``LintRule/pgGraphQLAnonTableExposed``.
    public static let pgGraphQLAnonTableExposed = LintRule.ID(rawValue: "pg-graphql-anon-table-exposed")
    /// `pg-graphql-authenticated-table-exposed`: ``LintRule/pgGraphQLAuthenticatedTableExposed``.
    public static let pgGraphQLAuthenticatedTableExposed = LintRule.ID(rawValue: "pg-graphql-authenticated-table-exposed")
    /// `policy-without-rls`: ``LintRule/policyWithoutRLS``.
    public static let policyWithoutRLS = LintRule.ID(rawValue: "policy-without-rls")
    /// `policy-without-role`: ``LintRule/policyWithoutRole``.
    public static let policyWithoutRole = LintRule.ID(rawValue: "policy-without-role")
    /// `public-bucket-allows-listing`: ``LintRule/publicBucketAllowsListing``.
    public static let publicBucketAllowsListing = LintRule.ID(rawValue: "public-bucket-allows-listing")
    /// `rls-policy-always-true`: ``LintRule/rlsPolicyAlwaysTrue``.
    public static let rlsPolicyAlwaysTrue = LintRule.ID(rawValue: "rls-policy-always-true")
    /// `rls-without-policies`: ``LintRule/rlsWithoutPolicies``.
    public static let rlsWithoutPolicies = LintRule.ID(rawValue: "rls-without-policies")
    /// `security-definer-search-path`: ``LintRule/securityDefinerSearchPath``.
    public static let securityDefinerSearchPath = LintRule.ID(rawValue: "security-definer-search-path")
    /// `sensitive-columns-exposed`: ``LintRule/sensitiveColumnsExposed``.
    public static let sensitiveColumnsExposed = LintRule.ID(rawValue: "sensitive-columns-exposed")
    /// `table-without-rls`: ``LintRule/tableWithoutRLS``.
    public static let tableWithoutRLS = LintRule.ID(rawValue: "table-without-rls")
    /// `unindexed-foreign-keys`: ``LintRule/unindexedForeignKeys``.
    public static let unindexedForeignKeys = LintRule.ID(rawValue: "unindexed-foreign-keys")
    /// `unqualified-name-in-function`: ``LintRule/unqualifiedNameInFunction``.
    public static let unqualifiedNameInFunction = LintRule.ID(rawValue: "unqualified-name-in-function")
    /// `unsupported-reg-types`: ``LintRule/unsupportedRegTypes``.
    public static let unsupportedRegTypes = LintRule.ID(rawValue: "unsupported-reg-types")
    /// `user-metadata-in-policy`: ``LintRule/userMetadataInPolicy``.
    public static let userMetadataInPolicy = LintRule.ID(rawValue: "user-metadata-in-policy")
    /// `view-without-security-invoker`: ``LintRule/viewWithoutSecurityInvoker``.
    public static let viewWithoutSecurityInvoker = LintRule.ID(rawValue: "view-without-security-invoker")
}
