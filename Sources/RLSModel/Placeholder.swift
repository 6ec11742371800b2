// Placeholder until the DSL issue lands: the schema a Policies target declares.
public struct Schema: Sendable {
    public init() {}
}
