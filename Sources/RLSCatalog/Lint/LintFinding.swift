/// One problem a lint rule found on one database object.
///
///     LintFinding(rule: .tableWithoutRLS, level: .error, object: "public.note",
///                 message: "RLS is off on public.note …",
///                 fix: #"alter table "public"."note" enable row level security;"#)
public struct LintFinding: Equatable, Hashable, Sendable, Codable, Comparable {
    /// The rule's stable kebab-case id, for example `auth-function-per-row`.
    public var rule: LintRule.ID
    /// How serious it is.
    public var level: LintLevel
    /// The object it is about: a table, `table.policy`, a view or a function signature.
    public var object: String
    /// What is wrong and what to do, in a sentence or two.
    public var message: String
    /// The SQL that fixes it, when the fix is obvious.
    public var fix: String?
    /// The DSL change that fixes it, when the schema comes from the DSL.
    public var dslFix: String?

    /// Creates a finding.
    public init(rule: LintRule.ID, level: LintLevel, object: String, message: String, fix: String? = nil, dslFix: String? = nil) {
        self.rule = rule
        self.level = level
        self.object = object
        self.message = message
        self.fix = fix
        self.dslFix = dslFix
    }

    /// Orders by level (errors first), then rule, object and message: the report's deterministic order.
    public static func < (lhs: LintFinding, rhs: LintFinding) -> Bool {
        (lhs.level, lhs.rule, lhs.object, lhs.message) < (rhs.level, rhs.rule, rhs.object, rhs.message)
    }
}
