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
}
