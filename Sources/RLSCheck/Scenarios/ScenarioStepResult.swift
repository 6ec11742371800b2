import RLSModel

/// One scenario step with what it observed.
public struct ScenarioStepResult: Sendable, Hashable {
    /// The step as declared.
    public var step: ScenarioStep
    /// What happened, in the words of ``RLSModel/ScenarioExpectation`` (`2 rows`, `permission denied`, `error 23505: ...`).
    public var observed: String
    /// Pass or mismatch.
    public var verdict: Verdict
}
