import RLSModel

/// One scenario step with what it observed.
public struct ScenarioStepResult: Sendable, Hashable {
    /// The step as declared.
    public var step: ScenarioStep
    /// What happened: ``Observation/returned(rows:first:)``, a refusal, an error, or not run.
    public var observed: Observation
    /// The server's words where it refused or failed.
    public var note: String?

    /// Pass, mismatch or not run: ``Verdict/init(expected:observed:)`` with the step's expectation.
    public var verdict: Verdict { Verdict(expected: .step(step.action.expectation), observed: observed) }

    /// ``observed`` with the server's words: `2 rows`, `denied (no grant) (server: 42501 permission denied for table court)`.
    public var observedText: String { observed.description + (note.map { " (\($0))" } ?? "") }
}
