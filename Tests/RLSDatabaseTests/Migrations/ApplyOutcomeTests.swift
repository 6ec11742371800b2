import RLSDatabase
import RLSTestSupport
import Testing

/// Issue 33: an apply that stops after some of its transactions committed says which, whatever
/// stopped it (a broken connection, a failing statement), and never "Nothing was applied.".
@Suite("rls apply reports what committed on every failure path")
struct ApplyOutcomeTests {
    /// Three files in two batches: the second extends a type the first creates, so batch one
    /// (files 1 and 2, after `mood`'s new value) commits before batch two (the value `blue`, then
    /// file 3's other statements) begins. `breaker` is file 3's second statement.
    private func files(breaker: String) throws -> [MigrationFile] {
        [
            try MigrationFixtures.file(
                1, "paint", "create type public.color as enum ('red');\ncreate table public.paint (c public.color);"),
            try MigrationFixtures.file(2, "calm", "alter type public.mood add value 'calm';\ncreate table public.early (id int);"),
            try MigrationFixtures.file(
                3, "blue", "alter type public.color add value 'blue';\n\(breaker);\ncreate table public.late (id int);"),
        ]
    }

    @Test("A connection broken in the second batch lists what committed and what did not")
    func connectionBrokenAfterCommits() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("create type public.mood as enum ('happy')")
        let files = try files(breaker: "select pg_catalog.pg_terminate_backend(pg_catalog.pg_backend_pid())")
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations(files) }
        let text = "\(error)"
        #expect(!text.contains("Nothing was applied"), "files 1 and 2 committed: \(text)")
        guard case .stoppedAfterCommits(_, let outcome) = error else {
            Issue.record("expected the committed transactions to be reported, got \(error)")
            return
        }
        #expect(outcome.committed.contains { $0.contains("alter type public.mood add value 'calm'") })
        #expect(outcome.committed.contains { $0.contains("20260101000001_paint.sql") })
        #expect(outcome.committed.contains { $0.contains("20260101000002_calm.sql") })
        #expect(outcome.committed.contains { $0.contains("alter type public.color add value 'blue'") })
        #expect(outcome.notCommitted == ["20260101000003_blue.sql"])
        #expect(outcome.unknown.isEmpty)
        #expect(text.contains("Not committed"))

        // What the report says is what the database holds.
        let fresh = try Connection(url: url)
        #expect(try MigrationFixtures.historyVersions(on: fresh) == ["20260101000001", "20260101000002"])
        #expect(try MigrationFixtures.exists("public.early", on: fresh))
        #expect(try !MigrationFixtures.exists("public.late", on: fresh))
        let labels = try fresh.query("select enumlabel from pg_enum where enumtypid = 'public.color'::regtype order by 1")
            .rows.map { try $0.string("enumlabel") }
        #expect(labels == ["blue", "red"])

        // Running again finishes the job without running anything twice.
        #expect(try fresh.applyMigrations(try self.files(breaker: "select 1")).applied.map(\.version) == ["20260101000003"])
    }

    @Test("A statement timeout in the second batch lists the same")
    func statementFailureAfterCommits() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create type public.mood as enum ('happy')")
        var options = ApplyOptions()
        options.statementTimeout = .milliseconds(200)
        let error = try #require(throws: MigrationError.self) {
            try db.applyMigrations(try files(breaker: "select pg_catalog.pg_sleep(5)"), options: options)
        }
        let text = "\(error)"
        #expect(text.contains("20260101000002_calm.sql"), "\(text)")
        #expect(text.contains("alter type public.color add value 'blue'"), "\(text)")
        #expect(!text.contains("Nothing was applied"))
    }

    @Test("A failure before anything committed still says nothing was applied")
    func nothingCommitted() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(
            1, "early", "create table public.early (id int);\nselect pg_catalog.pg_terminate_backend(pg_catalog.pg_backend_pid());")
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([file]) }
        #expect("\(error)".contains("Nothing was applied"))
        if case .stoppedAfterCommits = error { Issue.record("nothing committed, yet: \(error)") }
    }

    @Test("The progress a signal handler reads names the committed files and the rest")
    func progressForASignal() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create type public.mood as enum ('happy')")
        let progress = ApplyProgress()
        _ = try? db.applyMigrations(
            try files(breaker: "select pg_catalog.pg_terminate_backend(pg_catalog.pg_backend_pid())"), progress: progress)
        let outcome = progress.outcome
        #expect(outcome.committed.contains { $0.contains("20260101000002_calm.sql") })
        #expect(outcome.notCommitted == ["20260101000003_blue.sql"])
        #expect(outcome.description.contains("Committed"))
    }
}

/// Issue 32: a hand-written migration that deletes storage rows meets the storage service's guard;
/// apply says what it is and how buckets and files are removed.
@Suite("rls apply names Storage's delete guard")
struct StorageDeleteGuardApplyTests {
    @Test func aDeleteFromStorageObjectsIsExplained() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("insert into storage.buckets (id, name) values ('old', 'old')")
        let file = try MigrationFixtures.file(1, "drop_old_bucket", "delete from storage.buckets where id = 'old';")
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([file]) }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.sqlState == "42501")
        #expect(failure.hint?.contains("storage.allow_delete_query") == true)
        #expect("\(error)".contains("through the Storage API or the dashboard"))
        #expect(try db.query("select count(*)::int as n from storage.buckets where id = 'old'").rows[0].int("n") == 1)
    }
}
