/// A lint rule: a stable id, what it looks for, and the check that finds it in a ``Catalog``.
///
/// Rules are pure: they read the catalog and never touch a database, so the same rules run on a
/// live database and on the catalog the DSL's SQL produces on a throwaway one.
///
///     let findings = LintRule.policyWithoutRLS.check(catalog)
public struct LintRule: Sendable {
    /// Stable kebab-case id, shown in every finding and in `Docs/LINT.md`.
    public let id: ID
    /// One line: what the rule finds.
    public let summary: String
    /// The splinter lints (Supabase's database linter) this rule covers, as `0013_rls_disabled_in_public`;
    /// empty for a rule splinter has no counterpart for.
    public let splinter: [String]
    /// Finds the rule's problems in a catalog.
    public let check: @Sendable (Catalog) -> [LintFinding]

    /// Creates a rule.
    public init(id: ID, summary: String, splinter: [String] = [], check: @escaping @Sendable (Catalog) -> [LintFinding]) {
        self.id = id
        self.summary = summary
        self.splinter = splinter
        self.check = check
    }
}

extension LintRule {
    /// A rule's stable kebab-case id (`table-without-rls`), one constant per rule (``LintRule/ID/tableWithoutRLS``), so
    /// a finding names its rule by the same value the rule declares and no id is spelled twice.
    public struct ID: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
        /// The kebab-case id.
        public let rawValue: String

        /// An id; the rules' own are the constants below.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The kebab-case id.
        public var description: String { rawValue }

        /// Orders by the id's text.
        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }

        /// Encoded as its text, as findings always were.
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

        /// Encoded as its text.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}
