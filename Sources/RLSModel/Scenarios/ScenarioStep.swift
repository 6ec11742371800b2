/// One statement of a scenario with the persona that runs it.
public struct ScenarioStep: Sendable, Hashable {
    /// Who runs it.
    public var persona: ScenarioPersona
    /// What runs and what it must observe.
    public var action: ScenarioAction

    /// Declares a step.
    public init(persona: ScenarioPersona, action: ScenarioAction) {
        self.persona = persona
        self.action = action
    }
}
