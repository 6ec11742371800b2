/// What a probe should observe, or why the check cannot say.
public enum ExpectedOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The outcome the declared plans and policy expectations promise.
    case outcome(ProbeOutcome)
    /// A hand-written policy without expectations decides this probe.
    case unverified(String)

    /// The outcome, or `unverified (...)`.
    public var description: String {
        switch self {
        case .outcome(let outcome): outcome.description
        case .unverified(let reason): "unverified: \(reason)"
        }
    }
}
