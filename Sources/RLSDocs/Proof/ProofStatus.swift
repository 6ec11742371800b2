/// Whether `rls check` proved one cell of the access matrix on a real database.
public enum ProofStatus: Sendable, Hashable {
    /// The probes for this cell ran and matched the documented outcome.
    case proven
    /// The probes ran and did not match; `reason` says what the database did instead.
    case failed(reason: String)
    /// No probe has proven this cell; the page says "not yet proven".
    case unverified

    /// Whether the cell was proven.
    public var isProven: Bool { self == .proven }
}
