import RLSDatabase
import RLSTestSupport
import Testing

/// Files the Supabase CLI applied carry no rls checksum, but the CLI recorded their statements:
/// an edit to what they say is found; another split, reindenting or a comment is not an edit.
@Suite("Edits to files the Supabase CLI applied")
struct RecordedStatementsTests {
    static let original = """
        -- notes for everyone
        create table public.note (id bigint primary key, body text);
        alter table public.note enable row level security;
        """

    static func file(_ contents: String) throws -> MigrationFile {
        try MigrationFile(fileName: "20260101000000_notes.sql", path: "Migrations/20260101000000_notes.sql", contents: contents)
    }

    static let recordedByCLI = [
        "-- notes for everyone\ncreate table public.note (id bigint primary key, body text)",
        "alter table public.note enable row level security",
    ]

    @Test func sameStatementsSplitOrSpacedOtherwiseAreNotAnEdit() throws {
        let reformatted = try Self.file(
            """
            create table public.note (
                id bigint primary key,
                body text
            );
            -- a comment added later
            alter table public.note enable row level security;
            """)
        let status = MigrationStatus(
            files: [reformatted], applied: [AppliedMigration(version: "20260101000000", statements: Self.recordedByCLI)])
        #expect(status.edited.isEmpty)
        #expect(status.unverified.map(\.version) == ["20260101000000"])
    }

    @Test func changedStatementIsAnEdit() throws {
        let edited = try Self.file(Self.original.replacingOccurrences(of: "enable row level security", with: "disable row level security"))
        let status = MigrationStatus(
            files: [edited], applied: [AppliedMigration(version: "20260101000000", statements: Self.recordedByCLI)])
        #expect(status.edited.map(\.fileName) == ["20260101000000_notes.sql"])
        // Without recorded statements (an older CLI), the file is accepted as it is.
        let unknown = MigrationStatus(files: [edited], applied: [AppliedMigration(version: "20260101000000")])
        #expect(unknown.edited.isEmpty)
    }

    @Test func historyRowsWrittenByTheCLIAreReadWithTheirStatements() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(
            """
            create schema supabase_migrations;
            create table supabase_migrations.schema_migrations (version text primary key, statements text[], name text);
            insert into supabase_migrations.schema_migrations values
              ('20260101000000', array['create table public.note (id bigint primary key, body text)',
                                       'alter table public.note enable row level security'], 'notes');
            """)
        let edited = try Self.file("create table public.note (id bigint primary key, body text, extra int);\n")
        let status = try db.migrationStatus([edited])
        #expect(status.edited.map(\.version) == ["20260101000000"])
        #expect(status.pending.isEmpty)
        #expect(try db.migrationStatus([try Self.file(Self.original)]).edited.isEmpty)
    }
}
