import RLSCatalog
import RLSDatabase
import RLSPull
import RLSTestSupport
import Testing

/// Issue 31: rows that functions need (a one-row configuration table the app's migrations insert)
/// come with the baseline when named with `--data`, and tables functions read are suggested.
@Suite("Reference data in the baseline")
struct ReferenceDataTests {
    static let production = """
        create table public.app_config (id bigint generated always as identity primary key, key text unique, value jsonb, note text);
        insert into public.app_config (key, value, note) values
          ('signups_open', 'true', 'it''s open'), ('max_teams', '3', e'two\\nlines'), ('empty', null, null);
        create table public.team (id uuid primary key default gen_random_uuid(), name text);
        create function public.max_teams() returns int language sql stable as $$
          select (value #>> '{}')::int from public.app_config where key = 'max_teams'
        $$;
        """

    @Test func namedTablesCarryTheirRowsAndReplay() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.production)
        #expect(ReferenceData.candidates(in: try db.introspectCatalog()) == ["public.app_config"])

        let pull = try Pull(connection: db, name: "App", origin: "a test database", data: ["public.app_config"])
        #expect(pull.referenceData.map(\.table) == ["public.app_config"])
        #expect(pull.referenceData.map(\.rows) == [3])
        #expect(pull.baselineSQL.contains("overriding system value"), "\(pull.baselineSQL)")

        let (_, replayed) = try TestDatabase.make()
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        let rows =
            "select string_agg(id || '|' || key || '|' || coalesce(value::text, '-') || '|' || coalesce(note, '-'), ';' order by id) as r from public.app_config"
        #expect(try replayed.query(rows).rows[0].string("r") == db.query(rows).rows[0].string("r"))
        #expect(try replayed.query("select public.max_teams() as n").rows[0].int("n") == 3)
        // The identity goes on after the rows it was given.
        try replayed.execute("insert into public.app_config (key) values ('next')")
        #expect(try replayed.query("select max(id)::int as n from public.app_config").rows[0].int("n") == 4)
    }

    @Test func anUnknownTableIsRefusedByName() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        let error = #expect(throws: PullError.self) { try Pull(connection: db, name: "App", origin: "a test", data: ["public.nope"]) }
        #expect(error?.description.contains("--data public.nope: no such table") == true)
    }
}
