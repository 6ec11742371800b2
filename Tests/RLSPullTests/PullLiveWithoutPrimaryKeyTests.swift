import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// Issue 31: a table production publishes to Realtime without a primary key (which validation
/// refuses in hand-written Swift) is pulled with an explicit acknowledgement, so the pulled Swift
/// validates and plans to zero, and the notes and `rls lint` say so.
@Suite("Pull of a live table without a primary key")
struct PullLiveWithoutPrimaryKeyTests {
    static let production = """
        create table public.event (id bigint, body text);
        alter table public.event enable row level security;
        grant select on public.event to authenticated;
        create policy "signed in read" on public.event for select to authenticated using (true);
        alter publication supabase_realtime add table public.event;
        """

    @Test func pulledSchemaValidatesAndPlansToZero() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.production)
        let pull = try Pull(connection: db, name: "App", origin: "a test database")

        let table = try #require(pull.pulled.schema.tables.first { $0.name == "event" })
        #expect(table.live?.withoutPrimaryKey != nil)
        let source = pull.sources.files.values.joined(separator: "\n")
        #expect(source.contains(".live(withoutPrimaryKey: \"production table, pulled as it is;"), "\(source)")
        #expect(
            pull.pulled.notes.contains { $0.object == "public.event" && $0.message.contains("live without a primary key") },
            "\(pull.pulled.notes)")

        let desired = try renderValidated(pull.pulled.schema)
        let drift = try Drift.plan(target: db, desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "drift right after pull:\n\(drift.sql)")

        // rls lint still reports it (no-primary-key names Realtime's updates and deletes).
        let catalog = try Drift.desiredCatalog(desired, in: TestDatabase.cluster, defaultPrivileges: .none)
        #expect(Lint.run(catalog).findings.contains { $0.rule == .noPrimaryKey && $0.object == "public.event" })
    }
}
