/// A story about access that the generated matrix cannot know, checked by `rls check`.
///
/// It runs on top of the check's fixture rows (one row per table owned by each test user),
/// step by step as the named personas, inside a savepoint that is rolled back afterwards.
///
/// ```swift
/// Scenario("bob never sees alice's saved listings") {
///     As(.alice) {
///         Run(SQL(raw: "delete from public.saved"))
///         Run(SQL(raw: "insert into public.saved (listing_id) select id from public.listing order by id limit 2"))
///         Expect(SQL(raw: "select count(*) from public.saved"), .returns("2"))
///     }
///     As(.bob) {
///         Expect(SQL(raw: "select count(*) from public.saved where profile_id <> (select auth.uid())"), .returns("0"))
///     }
/// }
/// ```
public struct Scenario: Sendable, Hashable {
    /// What the scenario proves, in the reader's words.
    public var name: String
    /// The steps, in order.
    public var steps: [ScenarioStep]
    /// Where it was declared.
    public var source: DeclarationSite

    /// Declares a scenario.
    public init(_ name: String, fileID: String = #fileID, line: Int = #line, @ScenarioBuilder _ content: () -> [ScenarioStep]) {
        self.name = name
        self.steps = content()
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}
