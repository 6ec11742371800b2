/// A probe with what it should have observed, what it did observe, and, for a mismatch,
/// the grants and policies that explain it.
public struct ProbeResult: Sendable, Hashable {
    /// The probe.
    public var probe: Probe
    /// What the schema promises.
    public var expected: ExpectedOutcome
    /// What the database did.
    public var actual: ProbeOutcome
    /// Extra detail about the actual outcome, such as the constraint a permitted write then hit.
    public var note: String?
    /// For a mismatch: the grant, policy or RLS setting responsible, where the catalog shows one.
    public var explanation: [String] = []

    /// Creates a result.
    public init(probe: Probe, expected: ExpectedOutcome, actual: ProbeOutcome, note: String? = nil) {
        self.probe = probe
        self.expected = expected
        self.actual = actual
        self.note = note
    }

    /// Pass, mismatch, not run (something was promised, nothing was proven) or unverified (nothing was promised).
    public var verdict: Verdict {
        guard case .outcome(let outcome) = expected else { return .unverified }
        if case .notRun = actual { return .notRun }
        return outcome == actual ? .pass : .mismatch
    }
}
