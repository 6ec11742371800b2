/// How a probe or scenario step compares with its expectation.
public enum Verdict: String, Sendable, Hashable {
    /// Observed what the schema promises.
    case pass
    /// Observed something else: `rls check` exits 1.
    case mismatch
    /// Nothing to compare with (a hand-written policy without expectations), or the probe could not run.
    case unverified
}
