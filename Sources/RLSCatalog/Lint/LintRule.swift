/// A lint rule: a stable id, what it looks for, and the check that finds it in a ``Catalog``.
///
/// Rules are pure: they read the catalog and never touch a database, so the same rules run on a
/// live database and on the catalog the DSL's SQL produces on a throwaway one.
///
///     let findings = LintRule.policyWithoutRLS.check(catalog)
public struct LintRule: Sendable {
    /// Stable kebab-case id, shown in every finding and in `Docs/LINT.md`.
    public let id: String
    /// One line: what the rule finds.
    public let summary: String
    /// The splinter lints (Supabase's database linter) this rule covers, as `0013_rls_disabled_in_public`;
    /// empty for a rule splinter has no counterpart for.
    public let splinter: [String]
    /// Finds the rule's problems in a catalog.
    public let check: @Sendable (Catalog) -> [LintFinding]

    /// Creates a rule.
    public init(id: String, summary: String, splinter: [String] = [], check: @escaping @Sendable (Catalog) -> [LintFinding]) {
        self.id = id
        self.summary = summary
        self.splinter = splinter
        self.check = check
    }
}
