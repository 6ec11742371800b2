/// One statement a scenario runs, with what it must observe; written as ``Run`` or ``Expect``.
public struct ScenarioAction: Sendable, Hashable {
    /// The statement, spliced as written.
    public var sql: SQL
    /// What must happen when it runs.
    public var expectation: ScenarioExpectation
    /// Where it was written.
    public var source: DeclarationSite

    /// Declares an action.
    public init(sql: SQL, expectation: ScenarioExpectation, source: DeclarationSite) {
        self.sql = sql
        self.expectation = expectation
        self.source = source
    }
}
