/// The statements of a scenario that run as one persona, in order.
///
/// ```swift
/// As(.bob) {
///     Expect(SQL(raw: "select count(*) from public.saved where profile_id <> (select auth.uid())"), .returns("0"))
/// }
/// ```
public struct As: Sendable, Hashable {
    /// Who runs the statements.
    public var persona: ScenarioPersona
    /// The statements, in order.
    public var actions: [ScenarioAction]

    /// Runs `content` as `persona`.
    public init(_ persona: ScenarioPersona, @ScenarioActionBuilder _ content: () -> [ScenarioAction]) {
        self.persona = persona
        self.actions = content()
    }

    /// The steps, each carrying the persona.
    public var steps: [ScenarioStep] {
        actions.map { ScenarioStep(persona: persona, action: $0) }
    }
}
