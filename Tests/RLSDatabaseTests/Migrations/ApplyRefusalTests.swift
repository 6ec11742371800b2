import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

@Suite("What apply refuses before running anything")
struct ApplyRefusalTests {
    @Test("An applied file edited since is refused, naming it, and nothing else runs")
    func editedFile() throws {
        let (_, db) = try TestDatabase.make()
        let original = try MigrationFixtures.file(1, "brands", "create table public.brand (id int);")
        try db.applyMigrations([original])
        let edited = try MigrationFixtures.file(1, "brands", "create table public.brand (id bigint);")
        let next = try MigrationFixtures.file(2, "colours", "create table public.colour (id int);")
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([edited, next]) }
        #expect(
            error
                == .editedAfterApply([
                    EditedMigration(
                        version: original.version, fileName: original.fileName,
                        appliedChecksum: original.checksum, currentChecksum: edited.checksum)
                ]))
        #expect("\(error)".contains(original.fileName))
        #expect(try !MigrationFixtures.exists("public.colour", on: db))
        #expect(try db.migrationStatus([edited, next]).edited.map(\.fileName) == [original.fileName])
        #expect(throws: MigrationError.self) { try db.applyMigrations([edited, next], options: ApplyOptions(dryRun: true)) }
    }

    @Test("Destructive statements are refused without allowDestructive and listed with file and line")
    func destructive() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table public.old (id int); insert into public.old values (1)")
        let files = [
            try MigrationFixtures.file(1, "new", "create table public.new (id int);"),
            try MigrationFixtures.file(2, "cleanup", "insert into public.new select id from public.old;\n\ndrop table public.old;"),
        ]
        #expect(try db.migrationStatus(files).destructiveStatements.map(\.line) == [3])
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations(files) }
        guard case .destructive(let found) = error else {
            Issue.record("expected destructive, got \(error)")
            return
        }
        #expect(found == [DestructiveStatement(fileName: files[1].fileName, line: 3, statement: "drop table public.old", kind: .dropTable)])
        #expect("\(error)".contains("--allow-destructive"))
        #expect(try !MigrationFixtures.exists("public.new", on: db))
        #expect(try MigrationFixtures.exists("public.old", on: db))

        let result = try db.applyMigrations(files, options: ApplyOptions(allowDestructive: true))
        #expect(result.applied.count == 2)
        #expect(result.destructiveStatements.count == 1)
        #expect(try !MigrationFixtures.exists("public.old", on: db))
    }

    @Test("BEGIN/COMMIT inside a pending file is refused: it would break the single transaction")
    func transactionControl() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(1, "wrapped", "begin;\ncreate table public.a (id int);\ncommit;")
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([file]) }
        #expect(error == .transactionControl(fileName: file.fileName, line: 1, statement: "begin"))
        #expect(try !MigrationFixtures.exists("public.a", on: db))
    }

    @Test("Files the Supabase CLI applied (no checksum) are accepted and not re-applied")
    func appliedBySupabaseCLI() throws {
        let (_, db) = try TestDatabase.make()
        let first = try MigrationFixtures.file(1, "brands", "create table public.brand (id int);")
        let second = try MigrationFixtures.file(2, "colours", "create table public.colour (id int);")
        // What `supabase db push` leaves behind: its own table, no checksums.
        try db.execute(
            """
            create schema if not exists supabase_migrations;
            create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
            alter table supabase_migrations.schema_migrations add column if not exists statements text[];
            alter table supabase_migrations.schema_migrations add column if not exists name text;
            create table public.brand (id int);
            insert into supabase_migrations.schema_migrations (version, name, statements)
              values ('\(first.version)', 'brands', array['create table public.brand (id int)']);
            """)
        let status = try db.migrationStatus([first, second])
        #expect(status.pending == [second])
        #expect(status.unverified == [first])
        #expect(try db.applyMigrations([first, second]).applied == [second])
        #expect(try MigrationFixtures.historyVersions(on: db) == [first.version, second.version])
    }

    @Test("Applied versions with no file are reported, not refused; an older pending file needs includeAll")
    func unknownVersions() throws {
        let (_, db) = try TestDatabase.make()
        let first = try MigrationFixtures.file(1, "brands", "create table public.brand (id int);")
        let other = try MigrationFixtures.file(5, "elsewhere", "create table public.elsewhere (id int);")
        try db.applyMigrations([first, other])
        let middle = try MigrationFixtures.file(3, "from_a_branch", "create table public.branch (id int);")
        let status = try db.migrationStatus([first, middle])
        #expect(status.outOfOrder == [middle])
        #expect(status.unknown.map(\.version) == [other.version])
        #expect(status.unknown.first?.name == "elsewhere")
        let refused = try #require(throws: MigrationError.self) { try db.applyMigrations([first, middle]) }
        #expect(refused == .outOfOrder([middle.fileName], newestApplied: other.version))
        #expect("\(refused)".contains("--include-all"))
        #expect(try !MigrationFixtures.exists("public.branch", on: db))
        let result = try db.applyMigrations([first, middle], options: ApplyOptions(includeAll: true))
        #expect(result.applied == [middle])
        #expect(result.unknown.map(\.version) == [other.version])
        #expect(try db.migrationStatus([first, middle]).isUpToDate)
    }

    @Test("Apply refuses to run inside a transaction the caller opened")
    func insideTransaction() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(1, "a", "create table public.a (id int);")
        try db.execute("begin")
        #expect(throws: MigrationError.self) { try db.applyMigrations([file]) }
        try db.execute("rollback")
        #expect(try db.applyMigrations([file]).applied == [file])
    }
}
