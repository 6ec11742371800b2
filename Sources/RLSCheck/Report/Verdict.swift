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
