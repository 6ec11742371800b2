import RLSDatabase
import RLSTestSupport
import Testing

/// `rls plan` and `rls diff` replay `Migrations/` with the same refusals and statements as `rls apply`.
@Suite("Throwaway replays refuse what rls apply refuses")
struct ReplayRefusalTests {
    @Test("A COMMIT in a migration is named with its line, not run")
    func commitRefused() throws {
        let script = SQLScript(name: "Migrations/20260101000001_x.sql", sql: "create table public.a (id int);\ncommit;\n")
        let error = try #require(throws: DriftError.self) {
            try ScratchDatabase.catalog(applying: [script], in: TestDatabase.cluster)
        }
        #expect(error.script == script.name)
        #expect(error.message.hasPrefix("Migrations/20260101000001_x.sql:2: `commit` controls the transaction"))
    }

    @Test("A failing statement is named with its script and line")
    func failureLine() throws {
        let script = SQLScript(
            name: "Migrations/20260101000001_x.sql", sql: "create table public.a (id int);\n\nselect nope from public.a;\n")
        let error = try #require(throws: DriftError.self) {
            try ScratchDatabase.catalog(applying: [script], in: TestDatabase.cluster)
        }
        #expect(error.message.contains("failed on a throwaway database at line 3"))
        #expect(error.underlying?.sqlState == "42703")
    }

    /// A script runs as a few messages of many statements; a failure in a later message starts the
    /// transaction again and names the statement, the earlier messages' work rolled back first (else
    /// the table would already exist).
    @Test("A failure after a message of more than a megabyte is named with its line")
    func failureLineAfterALargeMessage() throws {
        let note = String(repeating: "x", count: 600_000)
        let sql = """
            create table public.big (id int);
            comment on table public.big is '\(note)a';
            comment on table public.big is '\(note)b';
            select nope from public.big;

            """
        let error = try #require(throws: DriftError.self) {
            try ScratchDatabase.catalog(applying: [SQLScript(name: "large.sql", sql: sql)], in: TestDatabase.cluster)
        }
        #expect(error.message.contains("large.sql failed on a throwaway database at line 4"), "\(error.message.prefix(200))")
        #expect(error.underlying?.sqlState == "42703")
        let fixed = sql.replacingOccurrences(of: "select nope", with: "select id")
        let catalog = try ScratchDatabase.catalog(applying: [SQLScript(name: "large.sql", sql: fixed)], in: TestDatabase.cluster)
        #expect(catalog.tables.first { $0.name.name == "big" }?.comment == note + "b")
    }

    /// A statement that changes how strings are read applies to the statements after it, as when
    /// `rls apply` runs them one by one: a message of many statements would be read before it ran.
    @Test("A script that turns standard_conforming_strings off reads the strings after it that way")
    func stringsReadAfterTheSettingChanged() throws {
        let sql = #"""
            set standard_conforming_strings = off;
            create table public.quoted (note text);
            comment on table public.quoted is 'a\\b';

            """#
        let catalog = try ScratchDatabase.catalog(applying: [SQLScript(name: "legacy.sql", sql: sql)], in: TestDatabase.cluster)
        #expect(catalog.tables.first { $0.name.name == "quoted" }?.comment == #"a\b"#)
    }
}
