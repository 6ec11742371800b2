/// The lint engine: runs every ``LintRule`` on a ``Catalog`` and returns the findings in a fixed order.
///
///     let report = Lint.run(try connection.introspectCatalog())
///     print(report.count(.error))   // 0
public enum Lint {
    /// Every rule, in the order `Docs/LINT.md` describes them.
    public static let rules: [LintRule] = [
        .tableWithoutRLS,
        .apiGrantWithoutRLS,
        .policyWithoutRLS,
        .rlsWithoutPolicies,
        .userMetadataInPolicy,
        .viewWithoutSecurityInvoker,
        .securityDefinerSearchPath,
        .authFunctionPerRow,
        .multiplePermissivePolicies,
        .policyWithoutRole,
        .ownerColumnWithoutIndex,
        .liveTableUnreadable,
        .liveTableOpen,
        .liveTablePerRowFunction,
    ]

    /// Runs `rules` (all of them by default) on `catalog`.
    public static func run(_ catalog: Catalog, rules: [LintRule] = Lint.rules) -> LintReport {
        LintReport(findings: rules.flatMap { $0.check(catalog) })
    }
}
