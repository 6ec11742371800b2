import RLSDatabase
import RLSTestSupport
import Testing

@Suite("Enum values: added in a transaction of their own, then usable by the rest of the apply")
struct EnumValueApplyTests {
    private func labels(_ type: String, on db: Connection) throws -> [String] {
        try db.query("select enumlabel from pg_enum where enumtypid = $1::regtype order by enumsortorder", [type])
            .rows.map { try $0.string("enumlabel") }
    }

    @Test("A value added and used in the same file applies (55P04 before)")
    func sameFile() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create type public.mood as enum ('happy'); create table public.person (mood public.mood)")
        let file = try MigrationFixtures.file(
            1, "calm",
            """
            alter type public.mood add value 'calm';
            insert into public.person values ('calm');
            create policy "calm only" on public.person for select to authenticated using (mood = 'calm');
            """)
        #expect(try ApplyInvariant.apply([file], on: db) == nil)
        #expect(try labels("public.mood", on: db) == ["happy", "calm"])
        #expect(try db.query("select count(*)::int as n from public.person").rows[0].int("n") == 1)
    }

    @Test("A value added in one pending file and used in the next applies")
    func nextFile() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create type public.mood as enum ('happy'); create table public.person (mood public.mood)")
        let files = [
            try MigrationFixtures.file(1, "calm", "alter type public.mood add value 'calm' before 'happy';"),
            try MigrationFixtures.file(2, "use", "insert into public.person values ('calm');"),
        ]
        #expect(try ApplyInvariant.apply(files, on: db) == nil)
        #expect(try labels("public.mood", on: db) == ["calm", "happy"])
    }

    @Test("A type created by one pending file and extended and used by a later one applies in two batches")
    func createdEarlier() throws {
        let (_, db) = try TestDatabase.make()
        let files = [
            try MigrationFixtures.file(
                1, "type", "create type public.mood as enum ('happy');\ncreate table public.person (mood public.mood);"),
            try MigrationFixtures.file(2, "calm", "alter type public.mood add value 'calm';\ninsert into public.person values ('calm');"),
        ]
        #expect(try ApplyInvariant.apply(files, on: db) == nil)
        #expect(try labels("public.mood", on: db) == ["happy", "calm"])
    }

    @Test("When the rest fails, only the enum value stays, the failure says so, and a fixed run completes")
    func failureAfterEnumValues() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create type public.mood as enum ('happy'); create table public.person (mood public.mood)")
        let before = try DatabaseState.read(db)
        let broken = try MigrationFixtures.file(
            1, "calm",
            """
            alter type public.mood add value 'calm';
            create table public.extra (id int);
            insert into public.person values ('nope');
            """)
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([broken]) }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.line == 3)
        #expect(failure.committedBefore.count == 1)
        #expect("\(error)".contains("Committed before"))
        #expect("\(error)".contains("alter type public.mood add value 'calm'"))
        #expect(!"\(error)".contains("Nothing was applied"))
        // Only the value: no table, no history row.
        let after = try DatabaseState.read(db)
        #expect(after.rows == before.rows)
        #expect(try !MigrationFixtures.exists("public.extra", on: db))
        #expect(try labels("public.mood", on: db) == ["happy", "calm"])

        let fixed = try MigrationFixtures.file(
            1, "calm",
            """
            alter type public.mood add value 'calm';
            create table public.extra (id int);
            insert into public.person values ('calm');
            """)
        #expect(try ApplyInvariant.apply([fixed], on: db) == nil)
        #expect(try labels("public.mood", on: db) == ["happy", "calm"])
    }

    @Test("A value added to a type created in the same file and used there fails with a hint, leaving nothing")
    func sameFileNewType() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(
            1, "type",
            """
            create type public.mood as enum ('happy');
            alter type public.mood add value 'calm';
            select 'calm'::public.mood;
            """)
        let error = try ApplyInvariant.apply([file], on: db)
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(String(describing: error))")
            return
        }
        #expect(failure.sqlState == "55P04")
        #expect(failure.line == 3)
        #expect(failure.hint?.contains("CREATE TYPE") == true)
    }

    @Test("rls check and docs replay Migrations/ with the same model: a history with enum values builds")
    func replay() throws {
        let (_, db) = try TestDatabase.make()
        let files = [
            try MigrationFixtures.file(1, "type", "create type public.mood as enum ('happy');"),
            try MigrationFixtures.file(2, "calm", "alter type public.mood add value 'calm';\nselect 'calm'::public.mood;"),
            try MigrationFixtures.file(
                3, "sad", "alter type public.mood add value 'sad';\ncreate table public.p (m public.mood default 'sad');"),
        ]
        let cluster = try TestDatabase.cluster
        let catalog = try ScratchDatabase.catalog(applying: files.map(SQLScript.init), in: cluster)
        #expect(catalog.enums.first?.labels == ["happy", "calm", "sad"])
        #expect(try ApplyInvariant.apply(files, on: db) == nil)
    }
}
