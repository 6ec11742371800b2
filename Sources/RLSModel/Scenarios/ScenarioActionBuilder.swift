/// Collects the ``Run`` and ``Expect`` statements written inside `As(persona) { ... }`.
@resultBuilder
public enum ScenarioActionBuilder {
    /// A statement that must succeed.
    public static func buildExpression(_ run: Run) -> [ScenarioAction] { [run.action] }
    /// A statement with an expected outcome.
    public static func buildExpression(_ expect: Expect) -> [ScenarioAction] { [expect.action] }
    /// The block's statements, in order.
    public static func buildBlock(_ parts: [ScenarioAction]...) -> [ScenarioAction] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [ScenarioAction]?) -> [ScenarioAction] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [ScenarioAction]) -> [ScenarioAction] { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [ScenarioAction]) -> [ScenarioAction] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[ScenarioAction]]) -> [ScenarioAction] { parts.flatMap { $0 } }
}
