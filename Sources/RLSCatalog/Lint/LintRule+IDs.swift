/// The rules' ids, one constant per rule, named as the rule is.
extension LintRule.ID {
    /// `anon-security-definer-function-executable`: ``LintRule/anonSecurityDefinerFunctionExecutable``.
    public static let anonSecurityDefinerFunctionExecutable = Self(rawValue: "anon-security-definer-function-executable")
    /// `api-grant-without-rls`: ``LintRule/apiGrantWithoutRLS``.
    public static let apiGrantWithoutRLS = Self(rawValue: "api-grant-without-rls")
    /// `api-role-default-privileges`: ``LintRule/apiRoleDefaultPrivileges``.
    public static let apiRoleDefaultPrivileges = Self(rawValue: "api-role-default-privileges")
    /// `api-role-membership`: ``LintRule/apiRoleMembership``.
    public static let apiRoleMembership = Self(rawValue: "api-role-membership")
    /// `auth-function-per-row`: ``LintRule/authFunctionPerRow``.
    public static let authFunctionPerRow = Self(rawValue: "auth-function-per-row")
    /// `auth-users-exposed`: ``LintRule/authUsersExposed``.
    public static let authUsersExposed = Self(rawValue: "auth-users-exposed")
    /// `authenticated-security-definer-function-executable`: ``LintRule/authenticatedSecurityDefinerFunctionExecutable``.
    public static let authenticatedSecurityDefinerFunctionExecutable = Self(rawValue: "authenticated-security-definer-function-executable")
    /// `duplicate-index`: ``LintRule/duplicateIndex``.
    public static let duplicateIndex = Self(rawValue: "duplicate-index")
    /// `dynamic-sql-without-quoting`: ``LintRule/dynamicSQLWithoutQuoting``.
    public static let dynamicSQLWithoutQuoting = Self(rawValue: "dynamic-sql-without-quoting")
    /// `extension-in-public`: ``LintRule/extensionInPublic``.
    public static let extensionInPublic = Self(rawValue: "extension-in-public")
    /// `extension-versions-outdated`: ``LintRule/extensionVersionsOutdated``.
    public static let extensionVersionsOutdated = Self(rawValue: "extension-versions-outdated")
    /// `fkey-to-auth-unique`: ``LintRule/fkeyToAuthUnique``.
    public static let fkeyToAuthUnique = Self(rawValue: "fkey-to-auth-unique")
    /// `foreign-table-in-api`: ``LintRule/foreignTableInAPI``.
    public static let foreignTableInAPI = Self(rawValue: "foreign-table-in-api")
    /// `function-search-path-mutable`: ``LintRule/functionSearchPathMutable``.
    public static let functionSearchPathMutable = Self(rawValue: "function-search-path-mutable")
    /// `insecure-queue-exposed-in-api`: ``LintRule/insecureQueueExposedInAPI``.
    public static let insecureQueueExposedInAPI = Self(rawValue: "insecure-queue-exposed-in-api")
    /// `live-table-open`: ``LintRule/liveTableOpen``.
    public static let liveTableOpen = Self(rawValue: "live-table-open")
    /// `live-table-per-row-function`: ``LintRule/liveTablePerRowFunction``.
    public static let liveTablePerRowFunction = Self(rawValue: "live-table-per-row-function")
    /// `live-table-unreadable`: ``LintRule/liveTableUnreadable``.
    public static let liveTableUnreadable = Self(rawValue: "live-table-unreadable")
    /// `materialized-view-in-api`: ``LintRule/materializedViewInAPI``.
    public static let materializedViewInAPI = Self(rawValue: "materialized-view-in-api")
    /// `multiple-permissive-policies`: ``LintRule/multiplePermissivePolicies``.
    public static let multiplePermissivePolicies = Self(rawValue: "multiple-permissive-policies")
    /// `no-primary-key`: ``LintRule/noPrimaryKey``.
    public static let noPrimaryKey = Self(rawValue: "no-primary-key")
    /// `owner-column-without-index`: ``LintRule/ownerColumnWithoutIndex``.
    public static let ownerColumnWithoutIndex = Self(rawValue: "owner-column-without-index")
    /// `pg-graphql-anon-table-exposed`: ``LintRule/pgGraphQLAnonTableExposed``.
    public static let pgGraphQLAnonTableExposed = Self(rawValue: "pg-graphql-anon-table-exposed")
    /// `pg-graphql-authenticated-table-exposed`: ``LintRule/pgGraphQLAuthenticatedTableExposed``.
    public static let pgGraphQLAuthenticatedTableExposed = Self(rawValue: "pg-graphql-authenticated-table-exposed")
    /// `policy-without-rls`: ``LintRule/policyWithoutRLS``.
    public static let policyWithoutRLS = Self(rawValue: "policy-without-rls")
    /// `policy-without-role`: ``LintRule/policyWithoutRole``.
    public static let policyWithoutRole = Self(rawValue: "policy-without-role")
    /// `public-bucket-allows-listing`: ``LintRule/publicBucketAllowsListing``.
    public static let publicBucketAllowsListing = Self(rawValue: "public-bucket-allows-listing")
    /// `rls-policy-always-true`: ``LintRule/rlsPolicyAlwaysTrue``.
    public static let rlsPolicyAlwaysTrue = Self(rawValue: "rls-policy-always-true")
    /// `rls-without-policies`: ``LintRule/rlsWithoutPolicies``.
    public static let rlsWithoutPolicies = Self(rawValue: "rls-without-policies")
    /// `security-definer-search-path`: ``LintRule/securityDefinerSearchPath``.
    public static let securityDefinerSearchPath = Self(rawValue: "security-definer-search-path")
    /// `sensitive-columns-exposed`: ``LintRule/sensitiveColumnsExposed``.
    public static let sensitiveColumnsExposed = Self(rawValue: "sensitive-columns-exposed")
    /// `table-without-rls`: ``LintRule/tableWithoutRLS``.
    public static let tableWithoutRLS = Self(rawValue: "table-without-rls")
    /// `unindexed-foreign-keys`: ``LintRule/unindexedForeignKeys``.
    public static let unindexedForeignKeys = Self(rawValue: "unindexed-foreign-keys")
    /// `unqualified-name-in-function`: ``LintRule/unqualifiedNameInFunction``.
    public static let unqualifiedNameInFunction = Self(rawValue: "unqualified-name-in-function")
    /// `unsupported-reg-types`: ``LintRule/unsupportedRegTypes``.
    public static let unsupportedRegTypes = Self(rawValue: "unsupported-reg-types")
    /// `user-metadata-in-policy`: ``LintRule/userMetadataInPolicy``.
    public static let userMetadataInPolicy = Self(rawValue: "user-metadata-in-policy")
    /// `view-without-security-invoker`: ``LintRule/viewWithoutSecurityInvoker``.
    public static let viewWithoutSecurityInvoker = Self(rawValue: "view-without-security-invoker")
}
