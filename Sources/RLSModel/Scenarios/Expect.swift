/// A scenario statement with an expected outcome.
///
/// ```swift
/// Expect(SQL(raw: "select count(*) from public.saved where profile_id <> (select auth.uid())"), .returns("0"))
/// Expect(SQL(raw: "select * from public.listing"), .permissionDenied)
/// ```
public struct Expect: Sendable, Hashable {
    /// The statement and what it must observe.
    public var action: ScenarioAction

    /// Runs `sql` and compares its outcome with `expectation`.
    public init(_ sql: SQL, _ expectation: ScenarioExpectation, fileID: String = #fileID, line: Int = #line) {
        action = ScenarioAction(sql: sql, expectation: expectation, source: DeclarationSite(fileID: fileID, line: line))
    }
}
