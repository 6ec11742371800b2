/// A scenario statement that must simply succeed, usually to set something up.
///
/// ```swift
/// As(.alice) { Run(SQL(raw: "delete from public.saved")) }
/// ```
public struct Run: Sendable, Hashable {
    /// The statement and its expectation (``ScenarioExpectation/succeeds``).
    public var action: ScenarioAction

    /// Runs `sql`, which must not fail.
    public init(_ sql: SQL, fileID: String = #fileID, line: Int = #line) {
        action = ScenarioAction(sql: sql, expectation: .succeeds, source: DeclarationSite(fileID: fileID, line: line))
    }
}
