/// What a probe observed (or, as an expectation, should observe).
public enum ProbeOutcome: Sendable, Hashable, CustomStringConvertible {
    /// SELECT returned these fixture rows (possibly none: filtered by RLS).
    case rows(Set<FixtureOwner>)
    /// The write reached the row (or passed every access check and then hit a constraint).
    case allowed
    /// No error, no row: filtered out by row-level security (`using`).
    case filtered
    /// SQLSTATE 42501 "new row violates row-level security policy": rejected by WITH CHECK.
    case rejectedByCheck
    /// SQLSTATE 42501 "permission denied": the role lacks the privilege (a grant).
    case deniedByGrant
    /// Any other error.
    case error(sqlState: String, message: String)
    /// The probe could not be set up (for example the grant of a policies-only probe was refused).
    case notRun(String)

    /// Short words for matrices: `alice+bob`, `alice`, `none`, `allowed`, `filtered`, `check`, `denied`.
    public var description: String {
        switch self {
        case .rows(let owners): owners.isEmpty ? "no rows" : owners.sorted().map(\.description).joined(separator: "+")
        case .allowed: "allowed"
        case .filtered: "filtered (RLS)"
        case .rejectedByCheck: "rejected (WITH CHECK)"
        case .deniedByGrant: "denied (no grant)"
        case .error(let state, let message): "error \(state): \(message)"
        case .notRun(let reason): "not run: \(reason)"
        }
    }

    /// A stable keyword for JSON: `rows`, `allowed`, `filtered`, `rejected_by_check`, `denied_by_grant`, `error`, `not_run`.
    public var kind: String {
        switch self {
        case .rows: "rows"
        case .allowed: "allowed"
        case .filtered: "filtered"
        case .rejectedByCheck: "rejected_by_check"
        case .deniedByGrant: "denied_by_grant"
        case .error: "error"
        case .notRun: "not_run"
        }
    }
}
