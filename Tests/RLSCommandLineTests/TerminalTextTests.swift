import Foundation
import RLSModel
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// Names from a database or a schema reach the terminal escaped: a name holding a terminal escape
/// (`ESC[2J` clears the screen), a line break (which forges a line of output) or a right-to-left
/// override cannot act on the terminal. Machine formats (JSON, SARIF) stay exact.
@Suite("Terminal text")
struct TerminalTextTests {
    /// A name with a screen-clearing escape, a line break and a right-to-left override.
    static let name = "evil\u{1B}[2J\nDrift: none\u{202E}x"
    /// How it reads once escaped.
    static let shown = #"evil\u{1B}[2J\nDrift: none\u{202E}x"#

    static func ident(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    /// A database holding a table named `name` with RLS off and granted to the API roles (a lint
    /// error), an exclusion constraint pull cannot express, and a policy named `name`.
    static func database() throws -> (url: String, close: () -> Void) {
        let (url, db) = try TestDatabase.make()
        let table = "public." + ident(name)
        try db.execute(
            """
            create table \(table) (id bigint primary key, during tstzrange);
            grant select on \(table) to anon, authenticated;
            alter table \(table) add constraint \(ident("x" + name)) exclude using gist (during with &&);
            create policy \(ident(name)) on \(table) for select to authenticated using (true);
            """)
        return (url, { db.close() })
    }

    static func expectEscaped(_ text: String, _ command: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(
            !text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" },
            "\(command) printed a raw control: \(text.debugDescription)",
            sourceLocation: sourceLocation)
        #expect(
            !text.contains("\nDrift: none"), "\(command) printed the name's line break at the start of a line",
            sourceLocation: sourceLocation)
        #expect(text.contains(shown), "\(command) does not show the name escaped: \(text)", sourceLocation: sourceLocation)
    }

    @Test func lintPlanAndPullEscapeNames() throws {
        let (url, close) = try Self.database()
        defer { close() }
        let lint = runRLS(["lint", "--database-url", url])
        Self.expectEscaped(lint.output + lint.error, "rls lint")

        let plan = runRLS(["plan", "--database-url", url, "--migrations", projectWithoutDevCluster + "/NoMigrations"])
        Self.expectEscaped(plan.output + plan.error, "rls plan")

        let project = FileManager.default.temporaryDirectory.appendingPathComponent("rls-terminal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: project) }
        let pull = runRLS(["pull", "--output", project + "/Policies", "--migrations", project + "/Migrations", "--database-url", url])
        #expect(pull.code == .success, "\(pull.error)")
        Self.expectEscaped(pull.output + pull.error, "rls pull")

        // JSON keeps the name exact.
        let json = runRLS(["lint", "--format", "json", "--database-url", url])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let objects = (document["findings"] as? [[String: Any]] ?? []).compactMap { $0["object"] as? String }
        #expect(objects.contains { $0.contains(Self.name) }, "\(objects)")
    }

    @Test func validationErrorsEscapeNames() {
        let schema = Schema {
            Table("note") {
                Column("id", .uuid).primaryKey()
            }
            .access(.owner(column: Self.name))
        }
        let result = runRLS(["sql"], schema: schema)
        #expect(result.code != .success)
        Self.expectEscaped(result.output + result.error, "rls sql (validation)")
    }

    /// A DSL name may hold a right-to-left override (validation refuses only control characters):
    /// `rls check` and `rls diff` show it escaped.
    @Test func checkAndDiffEscapeNames() throws {
        let schema = Schema {
            Table("note\u{202E}txt") {
                Column("id", .uuid).primaryKey()
                Column("owner_id", .uuid)
            }
            .access(.owner(column: "owner_id"))
        }
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("rls-terminal-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: project) }
        let check = runRLS(["check", "--migrations", project + "/Empty"], schema: schema)
        #expect(check.code == .success, "\(check.output)\(check.error)")
        #expect(!(check.output + check.error).unicodeScalars.contains("\u{202E}"), "\(check.output)")
        #expect(check.output.contains(#"note\u{202E}txt"#), "\(check.output)")

        let diff = runRLS(["diff", "first", "--migrations", project + "/Migrations"], schema: schema)
        #expect(diff.code == .success, "\(diff.output)\(diff.error)")
        #expect(!(diff.output + diff.error).unicodeScalars.contains("\u{202E}"), "\(diff.output)")
        #expect(diff.output.contains(#"note\u{202E}txt"#), "\(diff.output)")
    }
}
