/// What happens when a caller tries an operation, as the plans and policies intend it.
///
/// The matrix shows each as one symbol; ``words`` says it for the per-table sentences.
public enum Outcome: Sendable, Hashable {
    /// Allowed, on every row the operation reaches (or, for the row's owner, on their own row).
    case allowed
    /// Refused outright: the role has no privilege, so the request fails with
    /// "permission denied" (SQLSTATE 42501).
    case refused
    /// Blocked by row-level security: reads return none of these rows, updates and deletes
    /// affect none, and adding one fails the policy's check (42501, new row violates row-level security policy).
    case blocked
    /// Decided by hand-written policies (named), which the plans cannot describe.
    case custom(policies: [String])
    /// Does not apply: the table's rows have no owner.
    case notApplicable

    /// The symbol in the matrix: `✓`, `✗`, `⊘`, `◐` or `—`.
    public var symbol: String {
        switch self {
        case .allowed: "✓"
        case .refused: "✗"
        case .blocked: "⊘"
        case .custom: "◐"
        case .notApplicable: "—"
        }
    }

    /// In words, for sentences: `allowed`, `refused (no privilege)`, ...
    public var words: String {
        switch self {
        case .allowed: "allowed"
        case .refused: "refused (no privilege)"
        case .blocked: "blocked by row-level security"
        case .custom(let policies): "as the policies \(policies.joined(separator: ", ")) decide"
        case .notApplicable: "does not apply"
        }
    }

    /// Whether a probe can prove it (everything but ``notApplicable``).
    public var isProvable: Bool { self != .notApplicable }

    /// The legend's line for each symbol, in order.
    public static let legend: [(symbol: String, meaning: String)] = [
        ("✓", "allowed"),
        ("✗", "refused: no privilege, the request fails with \"permission denied\" (42501)"),
        ("⊘", "blocked by row-level security: reads return none of these rows, changes affect none, adding one fails the policy check"),
        ("◐", "decided by hand-written policies; see the table's section"),
        ("—", "does not apply: this table's rows have no owner"),
    ]
}
