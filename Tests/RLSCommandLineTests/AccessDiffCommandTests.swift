import Foundation
import RLSModel
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls diff` and `rls plan --access` say who gains and who loses what, and gate widenings.
@Suite("access changes in rls diff and rls plan")
struct AccessDiffCommandTests {
    static func notes(read: AccessPlan, acknowledging reason: String? = nil) -> Schema {
        var note = Table("note") {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("body", .text)
        }
        .access(
            select: read, insert: .owner(column: "author_id"), update: .owner(column: "author_id"),
            delete: .owner(column: "author_id"))
        if let reason { note = note.expectsWidening(reason) }
        return Schema { note }
    }

    static let owner = notes(read: .owner(column: "author_id"))
    static let everyMember = notes(read: .authenticated)

    @Test func diffShowsTheAccessChangeOfTheNewFileAndGatesIt() throws {
        let migrations = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let initial = runRLS(["diff", "initial", "--migrations", migrations], schema: Self.owner)
        #expect(initial.code == .success, "\(initial.error)")
        try backdate(migrations)
        #expect(initial.output.contains("Access changes (an empty database → with "))
        #expect(initial.output.contains("+ authenticated gains SELECT on public.note (own rows)"))
        #expect(!initial.output.contains("anon gains"), "anon has no grant and no policy: \(initial.output)")

        let widen = runRLS(["diff", "read_all", "--migrations", migrations, "--fail-on-widening"], schema: Self.everyMember)
        #expect(widen.code == .failure, "\(widen.output)")
        #expect(widen.output.contains("Wrote \(migrations)/"), "the file is written even when the gate fails")
        let lines = widen.output.split(separator: "\n").filter { $0.contains(" gains ") || $0.contains(" loses ") }
        #expect(lines == ["  + authenticated gains SELECT on public.note (other users' rows)"], "\(widen.output)")
        #expect(widen.error.contains("1 access gain not acknowledged (--fail-on-widening)"))
        #expect(widen.error.contains(".expectsWidening(\"reason\")"))
    }

    @Test func anAcknowledgedWideningPassesTheGateAndIsShown() throws {
        let migrations = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        #expect(runRLS(["diff", "initial", "--migrations", migrations], schema: Self.owner).code == .success)
        try backdate(migrations)
        let schema = Self.notes(read: .authenticated, acknowledging: "members read each other's notes")
        let json = migrations + "/../access-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: json) }
        let widen = runRLS(
            ["diff", "read_all", "--migrations", migrations, "--fail-on-widening", "--access-format", "json", "--access-output", json],
            schema: schema)
        #expect(widen.code == .success, "\(widen.output)\(widen.error)")
        let written = try String(contentsOfFile: json, encoding: .utf8)
        #expect(written.contains(#""acknowledged": "members read each other's notes""#))
        #expect(written.contains(#""widening": false"#))
    }

    @Test func planAccessShowsWhatApplyingTheSchemaWouldChange() throws {
        let migrations = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        let target = ["--database-url", database.url, "--migrations", migrations]
        #expect(runRLS(["diff", "initial", "--migrations", migrations], schema: Self.owner).code == .success)
        #expect(runRLS(["apply", "--yes"] + target, schema: Self.owner).code == .success)

        let clean = runRLS(["plan", "--access"] + target, schema: Self.owner)
        #expect(clean.output.contains("No access changes (the database → the schema)"), "\(clean.output)\(clean.error)")

        // Someone opened every note to every signed-in user in the dashboard; the schema takes it back.
        try database.connection.execute(#"create policy "dashboard read all" on public.note for select to authenticated using (true)"#)
        let markdown = migrations + "/../access-\(UUID().uuidString).md"
        defer { try? FileManager.default.removeItem(atPath: markdown) }
        let drifted = runRLS(
            ["plan", "--fail-on-widening", "--access-format", "markdown", "--access-output", markdown] + target, schema: Self.owner)
        #expect(drifted.code == .success, "a loss is not a widening: \(drifted.output)\(drifted.error)")
        let comment = try String(contentsOfFile: markdown, encoding: .utf8)
        #expect(comment.hasPrefix("<!-- rls access diff -->\n### Access changes"))
        #expect(comment.contains("**Losses** (1)\n\n- `authenticated loses SELECT on public.note (other users' rows)`"), "\(comment)")
        #expect(!comment.contains("**Gains**"))
        let rows = try database.connection.query("select count(*)::int as n from public.note").rows
        #expect(try rows[0].int("n") == 0, "the probes' rows were rolled back")
    }

    /// Issue 32: a pending file written by hand opens the notes to anon while the schema still says
    /// owner-only. The access diff is what applying the file does (before: "No access changes (the
    /// database → the schema)", the schema's view only, and the widening passed the gate).
    @Test func planAccessJudgesAHandWrittenPendingFileByWhatItDoes() throws {
        let migrations = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        let target = ["--database-url", database.url, "--migrations", migrations]
        #expect(runRLS(["diff", "initial", "--migrations", migrations], schema: Self.owner).code == .success)
        try backdate(migrations)
        #expect(runRLS(["apply", "--yes"] + target, schema: Self.owner).code == .success)
        try """
        grant select on public.note to anon;
        create policy "anyone reads" on public.note for select to anon using (true);
        """.write(toFile: migrations + "/20250102000000_open_notes.sql", atomically: true, encoding: .utf8)

        let plan = runRLS(["plan", "--access", "--fail-on-widening"] + target, schema: Self.owner)
        #expect(plan.code == .failure, "\(plan.output)\(plan.error)")
        #expect(plan.output.contains("Access changes (the applied migrations → with the pending file):"), "\(plan.output)")
        let lines = plan.output.split(separator: "\n").filter { $0.contains(" gains ") || $0.contains(" loses ") }
        #expect(lines.contains { $0.contains("anon gains SELECT on public.note") }, "\(plan.output)")
        #expect(plan.output.contains("note: The pending files do not give what the schema declares"), "\(plan.output)")
        #expect(plan.error.contains("not acknowledged (--fail-on-widening)"), "\(plan.error)")

        let rows = try database.connection.query("select count(*)::int as n from public.note").rows
        #expect(try rows[0].int("n") == 0, "plan applied nothing to the target")
        let grants = try database.connection.query(
            "select has_table_privilege('anon', 'public.note', 'select') as anon_reads"
        ).rows
        #expect(try grants[0].bool("anon_reads") == false, "the pending file ran only on throwaway databases")
    }

    @Test func unknownAccessFormatIsAUsageError() {
        let result = runRLS(["plan", "--access-format", "html"])
        #expect(result.code == .usage)
        #expect(result.error.contains("use one of: text, markdown, json"))
    }

    /// Moves the first migration a year back, so the next `rls diff` in the same second gets its own timestamp.
    private func backdate(_ migrations: String) throws {
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: migrations).first)
        try FileManager.default.moveItem(atPath: migrations + "/" + name, toPath: migrations + "/20250101000000_initial.sql")
    }

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-access-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
