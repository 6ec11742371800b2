import Foundation
import RLSModel
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls lint` for CI: `--fail-on`, SARIF 2.1.0 located in migration files, and usage errors.
@Suite("rls lint: CI output")
struct LintCIOutputTests {
    static let migration = """
        -- a note table, made in the dashboard and pulled into a migration
        create table public.note (id bigint primary key, owner_id uuid);

        create index on public.note (owner_id);
        create table public.diary (id bigint primary key, owner_id uuid);
        alter table public.diary enable row level security;
        create index on public.diary (owner_id);
        create policy "mine" on public.diary for select to authenticated using (owner_id = auth.uid());
        """

    /// A project directory whose Migrations/ holds `migration`, and a database it was applied to.
    static func project() throws -> (directory: String, url: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-lint-sarif-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory + "/Migrations", withIntermediateDirectories: true)
        try migration.write(toFile: directory + "/Migrations/20260101000000_note.sql", atomically: true, encoding: .utf8)
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.transaction { try $0.execute(migration) }
        return (directory, url)
    }

    static func run(_ arguments: [String], in directory: String) -> (code: ExitCode, output: String, error: String) {
        let captured = CapturedConsole()
        let code = RLSCommandLine.execute(arguments, schema: .init(), console: captured.console, environment: [:], directory: directory)
        return (code, captured.output, captured.error)
    }

    @Test func sarifNamesRulesWithSplinterNumbersAndLocatesFindingsInMigrations() throws {
        let (directory, url) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = Self.run(["lint", "--format", "sarif", "--database-url", url], in: directory)
        #expect(result.code == .failure, "\(result.output)\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["version"] as? String == "2.1.0")
        let run = try #require((json["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let splinter = rules.first { $0["id"] as? String == "table-without-rls" }?["properties"] as? [String: [String]]
        #expect(splinter?["splinter"] == ["0013_rls_disabled_in_public"])
        let results = try #require(run["results"] as? [[String: Any]])
        let leak = try #require(results.first { $0["ruleId"] as? String == "table-without-rls" })
        #expect(leak["level"] as? String == "error")
        let location = (leak["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: String])?["uri"] == "Migrations/20260101000000_note.sql")
        #expect((location?["region"] as? [String: Int])?["startLine"] == 2)
        let slow = try #require(results.first { $0["ruleId"] as? String == "auth-function-per-row" })
        #expect(slow["level"] as? String == "warning")
        let index = try #require(slow["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == "auth-function-per-row")
        // Same database, same bytes: stable for diffing in CI.
        #expect(Self.run(["lint", "--format", "sarif", "--database-url", url], in: directory).output == result.output)
    }

    @Test func failOnDecidesWhichLevelFailsTheRun() throws {
        let (directory, url) = try Self.project()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fixed = try TestDatabase.make()
        try fixed.connection.transaction { try $0.execute(Self.migration + "\nalter table public.note enable row level security;") }
        fixed.connection.close()
        #expect(Self.run(["lint", "--database-url", url], in: directory).code == .failure)
        #expect(Self.run(["lint", "--database-url", fixed.url], in: directory).code == .success, "warnings pass by default")
        #expect(Self.run(["lint", "--fail-on", "warning", "--database-url", fixed.url], in: directory).code == .failure)
        #expect(Self.run(["lint", "--fail-on", "info", "--database-url", fixed.url], in: directory).code == .failure)
        let wrong = Self.run(["lint", "--fail-on", "warnings", "--database-url", fixed.url], in: directory)
        #expect(wrong.code == .usage)
        #expect(wrong.error.contains("use one of: error, warning, info"))
        let format = Self.run(["lint", "--format", "xml", "--database-url", fixed.url], in: directory)
        #expect(format.code == .usage)
        #expect(format.error.contains("text, json, sarif"))
    }

    @Test func sarifOfTheSchemaPointsAtTheSwiftDeclaration() throws {
        let policyLine = #line + 5
        let schema = Schema {
            Table("post") {
                Column("id", .bigint).identity().primaryKey()
                Column("author_id", .uuid).default(.currentUserID)
                Policy("authors", for: .delete, to: [.authenticated], using: SQL(raw: "author_id = auth.uid()"))
                Index("author_id")
            }
        }
        let captured = CapturedConsole()
        let code = RLSCommandLine.execute(
            ["lint", "--schema-only", "--format", "sarif"], schema: schema, console: captured.console,
            environment: [:], directory: projectWithoutDevCluster)
        #expect(code == .success, "\(captured.output)\(captured.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(captured.output.utf8)) as? [String: Any])
        let results = try #require((json["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let perRow = try #require(results.first { $0["ruleId"] as? String == "auth-function-per-row" })
        let location = (perRow["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: String])?["uri"] == "RLSCommandLineTests/LintCIOutputTests.swift")
        #expect((location?["region"] as? [String: Int])?["startLine"] == policyLine)
    }
}
