import Testing

@testable import RLSCatalog

/// A policy holding a megabyte-long string literal: lint reads it in one pass, as plan and pull do,
/// and what the literal says (names, calls, quotes) is text, not code.
@Suite("rls lint: long literals")
struct LintLongLiteralTests {
    /// A megabyte of one identifier-like run, then text that looks like calls, comparisons and quotes.
    static let literal =
        String(repeating: "a", count: 1 << 20)
        + String(repeating: #"auth.uid() x.y( owner = auth.uid() "q"" '' "#, count: 1 << 12)

    /// The server doubles the literal's quotes when it prints the policy back.
    static let printed = "((owner_id = auth.uid()) AND (note = '\(literal.replacing("'", with: "''"))'::text))"

    @Test func aMegabyteLiteralIsReadForCallsAndColumns() {
        let expression = PolicyExpression(text: Self.printed)
        #expect(expression.perRowAuthCalls == ["auth.uid()"])
        #expect(expression.perRowFunctionCalls == ["auth.uid()"])
        #expect(expression.columnsComparedWithUserID.map(\.column) == ["owner_id"])
        let wrapped = expression.wrappingAuthCalls
        #expect(wrapped.hasPrefix("((owner_id = (select auth.uid())) AND (note = 'aaa"))
        #expect(wrapped.count == Self.printed.count + "(select )".count)
    }

    @Test func aMegabyteLiteralInAPolicyLintsWithItsFindings() throws {
        let report = try lint(
            afterApplying: """
                create table public.memo (id bigint primary key, owner_id uuid not null, note text);
                alter table public.memo enable row level security;
                grant select on public.memo to authenticated;
                create policy "long" on public.memo for select to authenticated
                  using (owner_id = auth.uid() and note = '\(Self.literal.replacing("'", with: "''"))');
                """)
        #expect(report.findings(of: .authFunctionPerRow).map(\.object) == ["public.memo.long"])
        #expect(report.findings(of: .ownerColumnWithoutIndex).map(\.object) == ["public.memo.owner_id"])
    }
}
