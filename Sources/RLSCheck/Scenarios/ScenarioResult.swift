import RLSModel

/// A scenario's steps and what each observed. Steps after the first mismatch still run.
public struct ScenarioResult: Sendable, Hashable {
    /// The scenario as declared.
    public var scenario: Scenario
    /// One result per step, in order.
    public var steps: [ScenarioStepResult]

    /// True when every step observed what it expected.
    public var passed: Bool { steps.allSatisfy { $0.verdict == .pass } }
}
