import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

/// The attacks of issue 10, each against a real server: exit 0 means every pending file and its
/// history row committed; an error means the database is exactly as before.
@Suite("rls apply never lies: every statement runs as counted, or none does")
struct ApplyNeverLiesTests {
    private func refusal(_ error: MigrationError?) -> (fileName: String, line: Int)? {
        switch error {
        case .transactionControl(let fileName, let line, _): (fileName, line)
        case .refusedStatement(let fileName, let line, _, _): (fileName, line)
        default: nil
        }
    }

    @Test("A parameter named begin does not swallow the rest of the file: the commit after it is refused")
    func parameterNamedBegin() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table public.keep (id int); insert into public.keep values (1)")
        let file = try MigrationFixtures.file(
            1, "begin_param",
            """
            create function public.f(begin int) returns int language sql as $$ select begin $$;
            create table public.early (id int);
            commit;
            drop table public.keep;
            """)
        #expect(file.statements.count == 4)
        let error = try ApplyInvariant.apply([file], on: db, options: ApplyOptions(allowDestructive: true))
        #expect(refusal(error)?.line == 3)
        #expect(try MigrationFixtures.exists("public.keep", on: db))
    }

    @Test("A drop after a function whose result column is named begin is found by the destructive check")
    func resultColumnNamedBegin() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table public.keep (id int)")
        let file = try MigrationFixtures.file(
            1, "begin_column",
            """
            create function public.g() returns table (begin int, "end" int) language sql
              as $$ select 1, 2 $$;
            create function public.h(atomic int) returns int language sql return atomic + 1;
            drop table public.keep;
            """)
        let error = try ApplyInvariant.apply([file], on: db)
        guard case .destructive(let found) = error else {
            Issue.record("expected the drop to be refused as destructive, got \(String(describing: error))")
            return
        }
        #expect(found.map(\.line) == [4])
        #expect(try db.migrationStatus([file]).destructiveStatements.map(\.line) == [4], "plan and apply use one classifier")
        #expect(try ApplyInvariant.apply([file], on: db, options: ApplyOptions(allowDestructive: true)) == nil)
        #expect(try !MigrationFixtures.exists("public.keep", on: db))
    }

    @Test("A drop inside a DO block is found by the destructive check; a harmless block is not flagged")
    func doBlock() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table public.keep (id int)")
        let file = try MigrationFixtures.file(
            1, "do",
            """
            do $body$ begin raise notice 'drop table is just text here'; end $body$;
            do 'begin perform 1; truncate public.keep; end';
            do $$
            begin
              drop table public.keep;
            end
            $$;
            """)
        #expect(file.destructiveStatements.map(\.line) == [2, 3])
        let error = try ApplyInvariant.apply([file], on: db)
        guard case .destructive(let found) = error else {
            Issue.record("expected a destructive refusal, got \(String(describing: error))")
            return
        }
        #expect(found.map(\.kind) == [.truncate, .dropTable])
    }

    @Test("BEGIN ATOMIC bodies with CASE … END stay whole and apply")
    func atomicBody() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(
            1, "atomic",
            """
            create function public.sign(x int) returns text language sql
            begin atomic
              select case when x > 0 then 'plus' when x < 0 then 'minus' else 'zero' end;
            end;
            create table public.after_atomic (id int);
            """)
        #expect(file.statements.count == 2)
        #expect(try ApplyInvariant.apply([file], on: db) == nil)
        #expect(try db.query("select public.sign(-3) as s").rows[0].string("s") == "minus")
    }

    @Test("With standard_conforming_strings off, a backslash-quoted literal cannot hide a commit")
    func backslashQuotes() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(
            1, "backslash",
            #"""
            create table public.early (id int);
            set standard_conforming_strings = off;
            select 'a\'; commit; select ';
            """#)
        let error = try ApplyInvariant.apply([file], on: db)
        #expect(refusal(error)?.line == 3)
    }

    @Test("An E'' string may hold a quoted semicolon and the word commit: one statement, applied")
    func escapeString() throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(
            1, "escape",
            #"""
            create table public.note (body text);
            insert into public.note values (E'it\'s; commit; --');
            """#)
        #expect(file.statements.count == 2)
        #expect(try ApplyInvariant.apply([file], on: db) == nil)
        #expect(try db.query("select body from public.note").rows[0].string("body") == "it's; commit; --")
    }

    @Test(
        "COPY … FROM STDIN and COPY (…) TO STDOUT are refused before anything runs",
        arguments: [
            "copy public.early from stdin;",
            "copy (select 1) to stdout with (format csv);",
        ])
    func copyThroughClient(_ copy: String) throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(1, "copy", "create table public.early (id int);\n\(copy)\n")
        let error = try ApplyInvariant.apply([file], on: db)
        guard case .refusedStatement(_, let line, _, let reason) = error else {
            Issue.record("expected a refusal, got \(String(describing: error))")
            return
        }
        #expect(line == 2)
        #expect(reason.contains("STDIN"))
    }

    @Test(
        "VACUUM, savepoints and psql meta-commands are refused with file and line",
        arguments: [
            "vacuum public.early;", "savepoint s;", "release savepoint s;", "\\copy public.early from 'x.csv'",
            "drop index concurrently public.early_idx;",
        ])
    func otherRefusals(_ statement: String) throws {
        let (_, db) = try TestDatabase.make()
        let file = try MigrationFixtures.file(1, "refused", "create table public.early (id int);\n\(statement)\n")
        let error = try ApplyInvariant.apply([file], on: db)
        #expect(refusal(error)?.fileName == file.fileName)
        #expect(refusal(error)?.line == 2)
    }

    @Test("A failure is located by its place in the pipeline: the failing statement runs once, nothing is replayed")
    func noReplay() throws {
        let (_, db) = try TestDatabase.make()
        // A sequence is not transactional: it counts every run of nextval, even rolled back ones.
        try db.execute("create sequence public.calls")
        let file = try MigrationFixtures.file(
            1, "dup",
            """
            create table public.t (id int primary key);
            insert into public.t select nextval('public.calls');
            insert into public.t values (1);
            """)
        let before = try DatabaseState.read(db)
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([file]) }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(failure.line == 3)
        #expect(failure.sqlState == "23505")
        #expect(try db.query("select last_value from public.calls").rows[0].int("last_value") == 1, "the statements ran once")
        #expect(try DatabaseState.read(db).catalog == before.catalog)
    }

    @Test("A lock wait happens once: the statement behind the lock is not run again to locate it")
    func lockWaitOnce() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("create table public.busy (id int); create sequence public.tries")
        let holder = try Connection(url: url)
        try holder.execute("begin; lock table public.busy in access exclusive mode")
        defer { try? holder.execute("rollback") }
        let file = try MigrationFixtures.file(
            1, "busy",
            """
            select nextval('public.tries');
            create table public.quiet (id int);
            alter table public.busy add column note text;
            """)
        // (Not ApplyInvariant: reading the locked table's rows would wait for the holder.)
        let error = try #require(throws: MigrationError.self) {
            try db.applyMigrations([file], options: ApplyOptions(lockTimeout: .milliseconds(100)))
        }
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(error)")
            return
        }
        #expect(try !MigrationFixtures.exists("public.quiet", on: db))
        #expect(try MigrationFixtures.historyVersions(on: db).isEmpty)
        #expect(failure.sqlState == "55P03")
        #expect(failure.line == 3)
        #expect(try db.query("select last_value from public.tries").rows[0].int("last_value") == 1)
    }

    @Test("A migration that terminates its own server process fails cleanly and leaves nothing")
    func terminatesItself() throws {
        let (url, db) = try TestDatabase.make()
        let before = try DatabaseState.read(db)
        let file = try MigrationFixtures.file(
            1, "suicide",
            """
            create table public.early (id int);
            select pg_catalog.pg_terminate_backend(pg_catalog.pg_backend_pid());
            create table public.late (id int);
            """)
        let error = try #require(throws: MigrationError.self) { try db.applyMigrations([file]) }
        #expect("\(error)".contains("Nothing was applied"))
        let fresh = try Connection(url: url)
        #expect(try DatabaseState.read(fresh) == before)
    }

    @Test("Thousands of statements and their history rows commit together")
    func manyStatements() throws {
        let (_, db) = try TestDatabase.make()
        var sql = "create table public.many (id int primary key);\n"
        for index in 0..<5_000 { sql += "insert into public.many values (\(index));\n" }
        let files = [try MigrationFixtures.file(1, "many", sql), try MigrationFixtures.file(2, "more", "select 1;")]
        #expect(try ApplyInvariant.apply(files, on: db) == nil)
        #expect(try db.query("select count(*)::int as n from public.many").rows[0].int("n") == 5_000)
    }

    @Test("A failure at the very end of thousands of statements leaves nothing behind")
    func failureAtTheEnd() throws {
        let (_, db) = try TestDatabase.make()
        var sql = "create table public.many (id int primary key);\n"
        for index in 0..<3_000 { sql += "insert into public.many values (\(index));\n" }
        sql += "insert into public.many values (0);\n"
        let error = try ApplyInvariant.apply([try MigrationFixtures.file(1, "many", sql)], on: db)
        guard case .statementFailed(let failure) = error else {
            Issue.record("expected a statement failure, got \(String(describing: error))")
            return
        }
        #expect(failure.line == 3_002)
    }
}
