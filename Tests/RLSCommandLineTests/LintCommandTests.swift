import ElectricRide
import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSCommandLine

@Suite("rls lint")
struct LintCommandTests {
    /// A database with one leak (error) and one slow policy (warning).
    static let leaky = """
        create table public.note (id bigint primary key, owner_id uuid);
        create index on public.note (owner_id);
        create table public.diary (id bigint primary key, owner_id uuid);
        create index on public.diary (owner_id);
        alter table public.diary enable row level security;
        create policy "mine" on public.diary for select to authenticated using (owner_id = auth.uid());
        """

    static func database(_ sql: String) throws -> String {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.transaction { try $0.execute(sql) }
        return url
    }

    @Test func anErrorExitsOneAndNamesRuleObjectAndFix() throws {
        let result = runRLS(["lint", "--database-url", try Self.database(Self.leaky)])
        #expect(result.code == .failure, "\(result.output)\(result.error)")
        #expect(result.output.contains("Linted the database postgres://postgres:***@"))
        #expect(result.output.contains("error   table-without-rls  public.note\n"))
        #expect(result.output.contains(#"        fix: alter table "public"."note" enable row level security;"#))
        #expect(result.output.contains("warning auth-function-per-row  public.diary.mine\n"))
        #expect(result.output.hasSuffix("1 error, 1 warning, 0 info.\n"))
        let errorLine = try #require(result.output.range(of: "error   table-without-rls"))
        let warningLine = try #require(result.output.range(of: "warning auth-function-per-row"))
        #expect(errorLine.lowerBound < warningLine.lowerBound, "errors come first")
    }

    @Test func warningsAloneExitZeroAndJSONCountsThem() throws {
        let url = try Self.database(Self.leaky + "alter table public.note enable row level security;")
        let result = runRLS(["lint", "--format", "json", "--database-url", url])
        #expect(result.code == .success, "\(result.output)\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["source"] as? String == "database")
        let summary = try #require(json["summary"] as? [String: Int])
        #expect(summary == ["errors": 0, "warnings": 1, "info": 1])
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["auth-function-per-row", "rls-without-policies"])
        #expect(findings.map { $0["level"] as? String } == ["warning", "info"])
        #expect(findings.first?["fix"] as? String == #"alter policy "mine" on "public"."diary" using ((owner_id = (select auth.uid())));"#)
    }

    @Test func theExampleDatabaseLintsClean() throws {
        let result = runRLS(["lint", "--database-url", try Self.database(render(ElectricRide.schema))])
        #expect(result.code == .success, "\(result.output)\(result.error)")
        #expect(result.output.contains("No findings."))
        #expect(result.output.hasSuffix("0 errors, 0 warnings, 0 info.\n"))
    }

    @Test func withoutADatabaseTheCompiledInSchemaIsLinted() {
        let result = runRLS(["lint"], schema: ElectricRide.schema)
        #expect(result.code == .success, "\(result.output)\(result.error)")
        #expect(result.output.hasPrefix("Linted the compiled-in schema (applied to a throwaway database).\nNo findings.\n"))
    }

    @Test func schemaOnlyLintsTheDSLAndNeverConnects() throws {
        let schema = Schema {
            Table("post") {
                Column("id", .bigint).identity().primaryKey()
                Column("author_id", .uuid).default(.currentUserID)
                Policy("anyone edits", for: .update, to: [.anon], using: SQL(raw: "true"), withCheck: SQL(raw: "true"))
                Policy("authors", for: .delete, to: [.authenticated], using: SQL(raw: "author_id = auth.uid()"))
            }
        }
        let unreachable = "postgres://postgres:secret@127.0.0.1:1/nowhere"
        let result = runRLS(["lint", "--schema-only", "--format", "json", "--database-url", unreachable], schema: schema)
        #expect(result.code == .failure, "\(result.output)\(result.error)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(json["source"] as? String == "schema")
        let findings = try #require(json["findings"] as? [[String: Any]])
        #expect(
            findings.map { "\($0["rule"] ?? "") \($0["object"] ?? "")" } == [
                "rls-policy-always-true public.post.anyone edits",
                "auth-function-per-row public.post.authors",
                "owner-column-without-index public.post.author_id",
            ])
        #expect(!result.error.contains("secret"))
    }

    @Test func anUnknownFormatIsAUsageError() {
        let result = runRLS(["lint", "--format", "tap"])
        #expect(result.code == .usage)
        #expect(result.error.contains("unknown format 'tap'; use one of: text, json"))
    }
}
