import RLSCheck
import RLSModel
import Testing

/// Each mistake is made by SQL on an applied example database, as someone might in the dashboard;
/// the check must fail and name the table, persona and operation.
@Suite struct DeliberateMistakeTests {
    struct Mistake: CustomTestStringConvertible, Sendable {
        let name: String
        let sql: String
        let table: TableName
        let persona: String
        let operation: RLSModel.Operation
        /// Words the explanation must contain.
        let explanation: String
        var testDescription: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(
            name: "a read-all policy added to saved",
            sql: #"create policy "everyone reads saved" on public.saved for select to authenticated using (true)"#,
            table: "public.saved", persona: "bob", operation: .select, explanation: "not declared in the schema"),
        Mistake(
            name: "the WITH CHECK removed from the owner insert policy",
            sql: #"alter policy "insert_owner" on public.listing with check (true)"#,
            table: "public.listing", persona: "alice", operation: .insert,
            explanation: #"with check (true): the schema declares with check ("seller_id" = (select auth.uid()))"#),
        Mistake(
            name: "RLS disabled on profiles",
            sql: "alter table public.profiles disable row level security",
            table: "public.profiles", persona: "alice", operation: .update, explanation: "row level security is disabled"),
        Mistake(
            name: "SELECT granted to anon on listing with a permissive policy",
            sql:
                #"grant select on public.listing to anon; create policy "anon reads listings" on public.listing for select to anon using (true)"#,
            table: "public.listing", persona: "anon", operation: .select, explanation: "holds the SELECT privilege"),
        Mistake(
            name: "a policy changed from TO authenticated to TO public",
            sql: #"alter policy "select_authenticated" on public.listing to public"#,
            table: "public.listing", persona: "anon", operation: .select, explanation: "the schema declares it to authenticated"),
        Mistake(
            name: "the owner check removed from an update policy (a seller gives a listing away)",
            sql: #"alter policy "update_owner" on public.listing with check (true)"#,
            table: "public.listing", persona: "alice", operation: .update, explanation: "with check (true)"),
    ]

    @Test(arguments: mistakes)
    func mistakeFailsTheCheck(_ mistake: Mistake) throws {
        let (_, db) = try ExampleDatabase.make()
        try db.execute(mistake.sql)
        let report = try ExampleDatabase.check(db)
        let text = MatrixReport(report).text
        #expect(!report.passed, "\(text)")
        let named = report.mismatches.filter {
            $0.probe.table == mistake.table && $0.probe.persona.description == mistake.persona && $0.probe.operation == mistake.operation
        }
        #expect(!named.isEmpty, "no mismatch for \(mistake.table) · \(mistake.persona) · \(mistake.operation):\n\(text)")
        #expect(named.contains { $0.explanation.joined(separator: "\n").contains(mistake.explanation) }, "\(text)")
        #expect(text.contains("✗ \(mistake.table) · \(mistake.persona) · \(mistake.operation)\n"), "\(text)")
    }
}
