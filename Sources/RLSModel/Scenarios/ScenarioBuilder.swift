/// Collects the `As(persona) { ... }` blocks written inside `Scenario("...") { ... }`.
@resultBuilder
public enum ScenarioBuilder {
    /// The statements one persona runs.
    public static func buildExpression(_ block: As) -> [ScenarioStep] { block.steps }
    /// The block's parts, in order.
    public static func buildBlock(_ parts: [ScenarioStep]...) -> [ScenarioStep] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [ScenarioStep]?) -> [ScenarioStep] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [ScenarioStep]) -> [ScenarioStep] { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [ScenarioStep]) -> [ScenarioStep] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[ScenarioStep]]) -> [ScenarioStep] { parts.flatMap { $0 } }
}
