import RLSModel

/// What a probe of any kind is about, as reports name it.
public protocol ProbeSubject: Sendable, Hashable {
    /// `public.saved · bob · select · fixture rows`, `bucket avatars · alice · upload · own folder`.
    var name: String { get }
    /// Who ran it.
    var persona: Persona { get }
}

/// A probe with what it should have observed, what it did observe, and, for a mismatch, the grants
/// and policies that explain it: the one shape every report (matrix, TAP, JUnit, JSON, summary),
/// the docs' proof and the access diff read, whatever the probe's kind.
public struct CheckedProbe<Subject: ProbeSubject>: Sendable, Hashable {
    /// The probe.
    public var probe: Subject
    /// What the schema promises.
    public var expected: Expectation
    /// What the database did.
    public var observed: Observation
    /// The server's words, or what a permitted write then hit (a constraint).
    public var note: String?
    /// For a mismatch: the grant, policy or RLS setting responsible, where the catalog shows one.
    public var explanation: [String] = []

    /// Creates a result.
    public init(probe: Subject, expected: Expectation, observed: Observation, note: String? = nil) {
        self.probe = probe
        self.expected = expected
        self.observed = observed
        self.note = note
    }

    /// Pass, mismatch, not run or unverified: ``Verdict/init(expected:observed:)``.
    public var verdict: Verdict { Verdict(expected: expected, observed: observed) }

    /// The observation in the expectation's words: a yes-or-no answer where a yes or a no was promised.
    public var observedText: String {
        if case .permitted = expected { return observed.answer }
        return observed.description
    }
}

/// A checked probe as the text reports read it, whatever its kind: TAP, JUnit, the summary and
/// the docs' proof list every kind in one loop.
public protocol ReportedProbe: Sendable {
    /// ``ProbeSubject/name``.
    var name: String { get }
    /// ``CheckedProbe/verdict``.
    var verdict: Verdict { get }
    /// What was promised, in words: `alice`, `denied (no grant)`, `yes`.
    var expectedText: String { get }
    /// ``CheckedProbe/observedText``.
    var observedText: String { get }
    /// ``CheckedProbe/note``.
    var note: String? { get }
    /// ``CheckedProbe/explanation``.
    var explanation: [String] { get }
}

extension CheckedProbe: ReportedProbe {
    /// ``ProbeSubject/name``.
    public var name: String { probe.name }
    /// ``Expectation/description``.
    public var expectedText: String { expected.description }
}
