import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: a production policy without any condition (`create policy p on t`, which validation
/// refuses in hand-written Swift) is pulled with an explicit acknowledgement, so the pulled Swift
/// validates and plans to zero, and the notes say so.
@Suite("Pull of a policy without a condition")
struct PullPolicyWithoutConditionTests {
    static let production = """
        create table public.note (id bigint generated always as identity primary key, body text);
        alter table public.note enable row level security;
        grant select on public.note to authenticated;
        create policy "placeholder" on public.note for select to authenticated;
        create policy "gate" on public.note as restrictive to authenticated;
        """

    @Test func pulledSchemaValidatesAndPlansToZero() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.production)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")

        let policies = pull.pulled.schema.tables.flatMap(\.policies)
        #expect(policies.count == 2)
        #expect(policies.allSatisfy { $0.withoutConditionAcknowledgement != nil }, "\(policies)")
        let source = pull.sources.files.values.joined(separator: "\n")
        #expect(source.contains(".withoutCondition(acknowledged: \"production policy, pulled as it is;"), "\(source)")
        for name in ["placeholder", "gate"] {
            #expect(
                pull.pulled.notes.contains { $0.object == "policy \(name) on public.note" && $0.message.contains("no condition") },
                "\(pull.pulled.notes)")
        }

        try PulledProject.expectNoDriftAfterPull(pull, on: db)
    }
}
