import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

@Suite("Applying migrations")
struct ApplyTests {
    private let files = [
        try! MigrationFixtures.file(1, "brands", "create table public.brand (id bigint primary key, name text not null);"),
        try! MigrationFixtures.file(
            2, "vehicles",
            """
            -- vehicles belong to a brand
            create table public.vehicle (
              id bigint primary key,
              brand_id bigint not null references public.brand (id)
            );
            create index vehicle_brand_idx on public.vehicle (brand_id);
            """),
    ]

    @Test("Apply runs every pending file; afterwards nothing is pending and a second apply does nothing")
    func applyThenNothingPending() throws {
        let (_, db) = try TestDatabase.make()
        #expect(try db.migrationStatus(files).pending == files)
        let result = try db.applyMigrations(files)
        #expect(result.applied.map(\.fileName) == files.map(\.fileName))
        #expect(!result.isDryRun)
        #expect(result.statementCount == 3)
        #expect(try MigrationFixtures.exists("public.vehicle", on: db))
        let status = try db.migrationStatus(files)
        #expect(status.isUpToDate)
        #expect(status.pending.isEmpty && status.unverified.isEmpty && status.unknown.isEmpty)
        #expect(status.applied.map(\.checksum) == files.map(\.checksum))
        #expect(try db.applyMigrations(files).applied.isEmpty)
    }

    @Test("A later file applies on its own after earlier ones")
    func incremental() throws {
        let (_, db) = try TestDatabase.make()
        try db.applyMigrations([files[0]])
        let result = try db.applyMigrations(files)
        #expect(result.applied == [files[1]])
        #expect(try MigrationFixtures.historyVersions(on: db) == files.map(\.version))
    }

    @Test("History rows use the Supabase CLI layout: version text primary key, statements text[], name text")
    func supabaseLayout() throws {
        let (_, db) = try TestDatabase.make()
        try db.applyMigrations(files)
        let columns = try db.query(
            """
            select a.attname, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
            from pg_attribute a
            where a.attrelid = 'supabase_migrations.schema_migrations'::regclass and a.attnum > 0 and not a.attisdropped
            order by a.attnum
            """
        ).rows.map { "\($0["attname"]!) \($0["type"]!) \($0["not_null"]!)" }
        #expect(columns == ["version text t", "statements text[] f", "name text f"])
        let primaryKey = try db.query(
            """
            select pg_get_constraintdef(oid) as definition from pg_constraint
            where conrelid = 'supabase_migrations.schema_migrations'::regclass and contype = 'p'
            """
        ).rows.map { $0["definition"] }
        #expect(primaryKey == ["PRIMARY KEY (version)"])
        let row = try db.query(
            "select version, name, statements from supabase_migrations.schema_migrations where version = $1",
            [files[1].version]
        ).rows[0]
        #expect(row["name"] == "vehicles")
        #expect(try row.stringArray("statements") == files[1].statements.map(\.text))
        let checksums = try db.query("select version, checksum from supabase_migrations.rls_checksums order by version")
            .rows.map { "\($0["version"]!) \($0["checksum"]!)" }
        #expect(checksums == files.map { "\($0.version) \($0.checksum)" })
    }

    @Test("Statements with quotes, backslashes, dollar bodies and unicode are recorded exactly")
    func recordsTrickyText() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(
            1, "tricky",
            #"""
            create table public.note (body text default E'it''s a \\ back\slash');
            create function public.shout(t text) returns text language sql as $body$ select upper(t) || '!' $body$;
            comment on table public.note is 'café 🚲; "quoted"';
            """#)
        try db.applyMigrations([file])
        let recorded = try db.query("select statements from supabase_migrations.schema_migrations").rows[0]
        #expect(try recorded.stringArray("statements") == file.statements.map(\.text))
        #expect(try db.query("select obj_description('public.note'::regclass) as c").rows[0]["c"] == #"café 🚲; "quoted""#)
    }

    @Test("A dry run reports the pending files and writes nothing, not even the history table")
    func dryRun() throws {
        let (_, db) = try TestDatabase.make()
        let result = try db.applyMigrations(files, options: ApplyOptions(dryRun: true))
        #expect(result.isDryRun)
        #expect(result.applied == files)
        #expect(try !MigrationFixtures.exists("public.brand", on: db))
        #expect(try !MigrationFixtures.exists("supabase_migrations.schema_migrations", on: db))
    }

    @Test("Reading the status creates nothing and reads in a READ ONLY transaction")
    func statusIsReadOnly() throws {
        let (_, db) = try TestDatabase.make()
        let status = try db.migrationStatus(files)
        #expect(status.pending == files)
        #expect(try !MigrationFixtures.exists("supabase_migrations.schema_migrations", on: db))
        let readOnly = try db.transaction { connection in
            try connection.execute("set transaction read only")
            _ = try connection.migrationStatus(files)
            return try connection.query("show transaction_read_only").rows[0][0]
        }
        #expect(readOnly == "on")
    }

    @Test("An empty file list or a file of only comments applies cleanly")
    func emptyFiles() throws {
        let (_, db) = try TestDatabase.make()
        #expect(try db.applyMigrations([]).applied.isEmpty)
        let commentOnly = try MigrationFixtures.file(1, "notes", "-- nothing yet\n")
        #expect(try db.applyMigrations([commentOnly]).applied == [commentOnly])
        #expect(try MigrationFixtures.historyVersions(on: db) == [commentOnly.version])
    }
}
