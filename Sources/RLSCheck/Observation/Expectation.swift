import RLSModel

/// What a probe or a scenario step should observe, or why the check cannot say.
public enum Expectation: Sendable, Hashable, CustomStringConvertible {
    /// The observation the declared plans and policy expectations promise a table probe.
    case outcome(Observation)
    /// Whether a file or channel probe goes through (yes) or is refused by anything (no).
    case permitted(Bool)
    /// What a scenario's step declares (`.rowCount(2)`, `.permissionDenied`, `.fails(sqlstate:)`).
    case step(ScenarioExpectation)
    /// A hand-written policy without expectations decides this probe.
    case unverified(String)

    /// The outcome, `yes`, `no`, or `unverified: ...`.
    public var description: String {
        switch self {
        case .outcome(let outcome): outcome.description
        case .permitted(let yes): yes ? "yes" : "no"
        case .step(let expectation): expectation.description
        case .unverified(let reason): "unverified: \(reason)"
        }
    }
}
