import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

@Suite("A failing migration leaves nothing behind and names its file and line")
struct ApplyFailureTests {
    private func threeFiles(second: String) throws -> [MigrationFile] {
        [
            try MigrationFixtures.file(1, "first", "create table public.first (id int primary key);\ninsert into public.first values (1);"),
            try MigrationFixtures.file(2, "second", second),
            try MigrationFixtures.file(3, "third", "create table public.third (id int);"),
        ]
    }

    /// Nothing of any file and no history row: the database is as before the apply.
    private func expectUntouched(_ db: Connection) throws {
        for table in ["public.first", "public.second", "public.third"] {
            #expect(try !MigrationFixtures.exists(table, on: db), "\(table) should not exist")
        }
        #expect(try MigrationFixtures.historyVersions(on: db).isEmpty)
    }

    @Test("An error with a server position maps to the exact line in file 2")
    func positionedError() throws {
        let (_, db) = try TestDatabase.make()
        let files = try threeFiles(
            second: """
                -- second file
                create table public.second (id int);

                insert into public.second
                  select nope from public.first;
                """)
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations(files) }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.fileName == files[1].fileName)
        #expect(failure.line == 5)
        #expect(failure.sqlState == "42703")
        #expect(failure.message.contains("nope"))
        #expect("\(error)".hasPrefix("\(files[1].fileName):5: column \"nope\" does not exist (SQLSTATE 42703)"))
        try expectUntouched(db)
    }

    @Test("Positions count characters, so text with accents and emoji before the error maps right")
    func positionAfterUnicode() throws {
        let (_, db) = try TestDatabase.make()
        let files = try threeFiles(
            second: """
                comment on table public.first is 'café 🚲 — ünïcødé';
                create table public.second (label text default 'ß🚲');
                select nope
                  from public.first;
                """)
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations(files) }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.fileName == files[1].fileName)
        #expect(failure.line == 3)
        #expect(failure.statement == "select nope\n  from public.first")
        try expectUntouched(db)
    }

    @Test("An error without a position is located by its place in the pipeline, and keeps the server's detail")
    func unpositionedError() throws {
        let (_, db) = try TestDatabase.make()
        let files = try threeFiles(
            second: """
                create table public.second (id int primary key);
                insert into public.second values (1);
                insert into public.second
                  values (1);
                """)
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations(files) }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.fileName == files[1].fileName)
        #expect(failure.line == 3)
        #expect(failure.sqlState == "23505")
        #expect(failure.detail == "Key (id)=(1) already exists.")
        #expect("\(error)".contains("Nothing was applied"))
        try expectUntouched(db)
    }

    @Test("A syntax error in the last file stops every file, even those before it")
    func syntaxError() throws {
        let (_, db) = try TestDatabase.make()
        var files = try threeFiles(second: "create table public.second (id int);")
        files[2] = try MigrationFixtures.file(3, "third", "create table public.third (id int);\n\ncreate tabel oops (x int);")
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations(files) }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.fileName == files[2].fileName)
        #expect(failure.line == 3)
        #expect(failure.sqlState == "42601")
        try expectUntouched(db)
    }

    @Test("A deferred constraint that fails at COMMIT rolls everything back and says so")
    func failsAtCommit() throws {
        let (_, db) = try TestDatabase.make()
        let files = try threeFiles(
            second: """
                create table public.second (id int primary key);
                create table public.child (second_id int references public.second deferrable initially deferred);
                insert into public.child values (42);
                """)
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations(files) }
        guard case .database(let action, _, let state, _) = error else {
            Issue.record("expected a database error, got \(error)")
            return
        }
        #expect(action == "commit the migrations")
        #expect(state == .foreignKeyViolation)
        #expect("\(error)".hasSuffix("Nothing was applied."))
        #expect(try !MigrationFixtures.exists("public.child", on: db))
        try expectUntouched(db)
        #expect(!db.isInTransaction)
    }

    @Test("After a failure, fixing the file and applying again works")
    func fixAndRetry() throws {
        let (_, db) = try TestDatabase.make()
        let broken = try threeFiles(second: "create table public.second (id int) oops;")
        #expect(throws: MigrationError.self) { try db.applyMigrations(broken) }
        let fixed = try threeFiles(second: "create table public.second (id int);")
        #expect(try db.applyMigrations(fixed).applied.count == 3)
    }

    @Test("A statement that waits on a lock longer than lock_timeout fails fast with a hint")
    func lockTimeout() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("create table public.busy (id int)")
        let holder = try Connection(url: url)
        try holder.execute("begin; lock table public.busy in access exclusive mode")
        defer { try? holder.execute("rollback") }
        let file = try MigrationFixtures.file(
            1, "busy", "create table public.quiet (id int);\nalter table public.busy add column note text;")
        let error = try #require(throws: MigrationError.self) {
            try db.applyMigrations([file], options: ApplyOptions(lockTimeout: .milliseconds(200)))
        }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.line == 2)
        #expect(failure.sqlState == "55P03")
        #expect(failure.hint?.contains("--lock-timeout") == true)
        #expect(try !MigrationFixtures.exists("public.quiet", on: db))
    }

    @Test("A statement running past statement_timeout is cancelled and named")
    func statementTimeout() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(1, "slow", "create table public.first (id int);\nselect pg_sleep(5);")
        let error = try #require(throws: MigrationError.self) {
            try db.applyMigrations([file], options: ApplyOptions(statementTimeout: .milliseconds(200)))
        }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.line == 2)
        #expect(failure.sqlState == "57014")
        try expectUntouched(db)
    }

    @Test("CREATE INDEX CONCURRENTLY is refused before anything runs, with its file and line")
    func notInTransaction() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(
            1, "index", "create table public.first (id int);\ncreate index concurrently first_idx on public.first (id);")
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([file]) }
        guard case .refusedStatement(let fileName, let line, _, let reason) = error else {
            Issue.record("expected a refusal, got \(error)")
            return
        }
        #expect(fileName == file.fileName)
        #expect(line == 2)
        #expect(reason.contains("cannot run inside a transaction"))
        try expectUntouched(db)
    }
}
