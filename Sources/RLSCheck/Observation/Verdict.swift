import RLSModel

/// How a probe or scenario step compares with its expectation.
public enum Verdict: String, Sendable, Hashable {
    /// Observed what the schema promises.
    case pass
    /// Observed something else: `rls check` exits 1.
    case mismatch
    /// Something was promised, but the probe could not run (the database refused its grant, or the
    /// connecting role may not become the persona): nothing was proven, so `rls check` exits 1.
    case notRun = "not_run"
    /// Nothing to compare with: a hand-written policy without expectations. Never fails the run.
    case unverified

    /// Whether this verdict fails `rls check` (exit 1): a mismatch, or a promise that could not be tested.
    public var fails: Bool { self == .mismatch || self == .notRun }
}

extension Verdict {
    /// The one verdict function, for every kind of probe: unverified where nothing was promised, not
    /// run where nothing ran, else a pass when the observation is what the expectation promises.
    public init(expected: Expectation, observed: Observation) {
        if case .notRun = observed {
            self = if case .unverified = expected { .unverified } else { .notRun }
            return
        }
        switch expected {
        case .unverified: self = .unverified
        case .outcome(let promised): self = promised.promises(observed) ? .pass : .mismatch
        case .permitted(let yes): self = observed.permitted == yes ? .pass : .mismatch
        case .step(let expectation): self = expectation.isMet(by: observed) ? .pass : .mismatch
        }
    }
}

extension ScenarioExpectation {
    /// Whether a step that observed `observed` did what this declares: rows for a count or a value,
    /// any missing privilege for "permission denied", a WITH CHECK for "rejected by a row-level
    /// security policy", the SQLSTATE for `.fails(sqlstate:)`.
    func isMet(by observed: Observation) -> Bool {
        switch (self, observed) {
        case (.succeeds, .returned): true
        case (.rowCount(let expected), .returned(let count, _)): count == expected
        case (.returns(let value), .returned(_, let first)): first == value
        case (.permissionDenied, .refused(let refusal)): refusal.isMissingPrivilege
        case (.rejectedByPolicy, .refused(.withCheck)): true
        case (.fails(let state), .refused(let refusal)): refusal.sqlState == SQLState(rawValue: state)
        case (.fails(let state), .failed(let observedState, _)): observedState == SQLState(rawValue: state)
        default: false
        }
    }
}
