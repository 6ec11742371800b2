import Foundation
import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// An existing dashboard-made project adopted through the command line: `rls pull`, the baseline
/// recorded with `rls apply --mark-applied`, `rls plan --exit-code` green, then a tightening edit
/// written by `rls diff` and applied, with every row kept and the migrations replaying cleanly.
@Suite("Adopting an existing database through the command line")
struct AdoptionWorkflowTests {
    @Test func pullMarkAppliedPlanIsGreenThenTighten() throws {
        let project = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let sources = project + "/Policies"
        let migrations = project + "/Migrations"
        let database = try TestDatabase.make(.legacyGrantAll)
        defer { database.connection.close() }
        try database.connection.execute(BrownfieldDatabases.dashboard)
        let target = ["--database-url", database.url, "--migrations", migrations]

        let pull = runRLS(["pull", "--output", sources, "--name", "Dashboard"] + target)
        #expect(pull.code == .success, "\(pull.error)")
        #expect(pull.output.contains("(enum Dashboard): 4 table(s), 1 function(s), 1 view(s), 1 trigger(s)"))
        let written = try FileManager.default.contentsOfDirectory(atPath: sources).sorted()
        #expect(written.contains("Dashboard.swift") && written.contains("Dashboard+Todos.swift"))
        let files = try MigrationDirectory(path: migrations).files()
        #expect(files.map(\.name) == ["baseline"])
        let version = files[0].version
        #expect(pull.output.contains("rls apply --mark-applied \(version)"))

        // The schema the Swift spells (scripts/pull-compile-check compiles the same spelling).
        let schema = try Pull(connection: database.connection, name: "Dashboard", origin: "test").pulled.schema

        let pending = runRLS(["plan", "--exit-code"] + target, schema: schema)
        #expect(pending.code == .changesPending, "\(pending.output)\(pending.error)")
        #expect(pending.output.contains("Drift: none"), "\(pending.output)")
        #expect(
            pending.output.contains("17 object(s) the database already holds"), "the pending baseline collides with what the database holds"
        )
        #expect(pending.output.contains("--mark-applied \(version)"))

        // apply --dry-run runs the baseline in a rolled-back transaction: it collides, and says what to do.
        let dryRun = runRLS(["apply", "--dry-run"] + target, schema: schema)
        #expect(dryRun.code != .success)
        #expect(dryRun.error.contains("creates what the database already holds"), "\(dryRun.error)")
        #expect(dryRun.error.contains("rls apply --mark-applied \(version)"))
        #expect(try database.connection.migrationStatus(files).pending.count == 1, "a dry run writes nothing")

        let mark = runRLS(["apply", "--mark-applied", version] + target, schema: schema)
        #expect(mark.code == .success, "\(mark.error)")
        #expect(mark.output.contains("Recorded \(files[0].fileName) as applied"))
        let again = runRLS(["apply", "--mark-applied", version] + target, schema: schema)
        #expect(again.output.contains("already recorded"))

        let green = runRLS(["plan", "--exit-code"] + target, schema: schema)
        #expect(green.code == .success, "\(green.output)\(green.error)")
        #expect(green.output.contains("Drift: none"))

        // Someone edits production in the dashboard: plan sees drift, diff --from-database writes the fix.
        try database.connection.execute("alter table public.countries enable row level security")
        let drifted = runRLS(["plan", "--exit-code"] + target, schema: schema)
        #expect(drifted.code == .changesPending)
        let close = runRLS(["diff", "close_drift", "--from-database"] + target, schema: schema)
        #expect(close.code == .success, "\(close.error)")
        #expect(close.output.contains("row level security public.countries"), "\(close.output)")
        #expect(runRLS(["apply", "--yes"] + target, schema: schema).code == .success)
        let closedDrift = runRLS(["plan", "--exit-code"] + target, schema: schema)
        #expect(closedDrift.code == .success, "\(closedDrift.output)")
        let nothing = runRLS(["diff", "nothing", "--from-database"] + target, schema: schema)
        #expect(nothing.output.contains("No difference"))

        // Tighten: todos to the owner plan, countries behind RLS, readable by anyone.
        var tightened = schema
        for index in tightened.tables.indices where ["todos", "countries"].contains(tightened.tables[index].name) {
            let table = tightened.tables[index]
            tightened.tables[index].policies = []
            tightened.tables[index].overrides = TableOverrides()
            tightened.tables[index] =
                table.name == "todos"
                ? tightened.tables[index].access(.owner(column: "user_id"))
                : tightened.tables[index].access(read: .public, write: .serviceRoleOnly)
        }
        let rows = try database.connection.query("select count(*) as n from public.todos").rows[0].string("n")
        // Migration names carry the second they were written in: the close_drift one may be this second's.
        Thread.sleep(until: Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 1).rounded(.down)))
        let diff = runRLS(["diff", "tighten", "--migrations", migrations], schema: tightened)
        #expect(diff.code == .success, "\(diff.error)")
        let apply = runRLS(["apply", "--yes"] + target, schema: tightened)
        #expect(apply.code == .success, "\(apply.output)\(apply.error)")
        let closed = runRLS(["plan", "--exit-code"] + target, schema: tightened)
        #expect(closed.code == .success, "\(closed.output)\(closed.error)")
        #expect(try database.connection.query("select count(*) as n from public.todos").rows[0].string("n") == rows)

        // The migrations replay on an empty database of the same kind to the same catalog.
        let empty = try TestDatabase.make(.legacyGrantAll)
        defer { empty.connection.close() }
        let replay = runRLS(["apply", "--yes", "--database-url", empty.url, "--migrations", migrations], schema: tightened)
        #expect(replay.code == .success, "\(replay.output)\(replay.error)")
        let original = try database.connection.introspectCatalog()
        let replayed = try empty.connection.introspectCatalog()
        #expect(replayed.matches(original), "\(ChangePlan(from: replayed, to: original).sql)")
    }

    /// `rls check` and `rls docs` on the pulled schema as it is: RLS off, legacy grants, PUBLIC policies.
    @Test func checkAndDocsUnderstandThePulledSchema() throws {
        let project = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let database = try TestDatabase.make(.legacyGrantAll)
        defer { database.connection.close() }
        try database.connection.execute(BrownfieldDatabases.dashboard)
        let pull = try Pull(connection: database.connection, name: "Dashboard", origin: "test")
        let schema = pull.pulled.schema
        try pull.write(sources: project + "/Policies", migrations: MigrationDirectory(path: project + "/Migrations"))
        let docs = runRLS(["docs", "--docs", project, "--migrations", project + "/Migrations"], schema: schema)
        #expect(docs.code == .success, "\(docs.output)\(docs.error)")
        let page = try String(contentsOfFile: project + "/ACCESS.md", encoding: .utf8)
        #expect(page.contains("countries"))
        #expect(page.contains("Public profiles are viewable by everyone."))
        let check = runRLS(["check", "--database-url", database.url], schema: schema)
        #expect(check.code == .success, "\(check.output)\(check.error)")
        #expect(check.output.contains(" 0 mismatches"), "\(check.output)")
        // The hand-made database, its data and legacy grants seen the same way by one connection as by two.
        let alone = runRLS(["check", "--database-url", database.url, "--connections", "1", "--format", "json"], schema: schema)
        let split = runRLS(["check", "--database-url", database.url, "--connections", "2", "--format", "json"], schema: schema)
        #expect(alone.code == .success && split.code == .success, "\(alone.error)\(split.error)")
        #expect(Self.withoutTimings(alone.output) == Self.withoutTimings(split.output))
    }

    @Test func markAppliedNamesTheFilesItKnows() throws {
        let project = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: project) }
        try "select 1;\n".write(toFile: project + "/20260101000000_first.sql", atomically: true, encoding: .utf8)
        let result = runRLS(["apply", "--mark-applied", "20990101000000", "--migrations", project])
        #expect(result.code == .usage)
        #expect(result.error.contains("no migration file has version 20990101000000"))
        #expect(result.error.contains("20260101000000"))
    }

    @Test func pullRefusesToReplaceSwiftFilesAndBadNames() throws {
        let project = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: project) }
        let badName = runRLS(["pull", "--name", "my-app", "--output", project])
        #expect(badName.code == .usage)
        #expect(badName.error.contains("Swift type name"))
        let database = try TestDatabase.make()
        defer { database.connection.close() }
        try database.connection.execute("create table public.note (id bigint primary key)")
        try "// mine\n".write(toFile: project + "/App.swift", atomically: true, encoding: .utf8)
        let refused = runRLS(["pull", "--output", project, "--database-url", database.url, "--migrations", project + "/M"])
        #expect(refused.code != .success)
        #expect(refused.error.contains("already holds App.swift"))
        #expect(try String(contentsOfFile: project + "/App.swift", encoding: .utf8) == "// mine\n")
    }

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-adopt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A JSON check report without its `"seconds"` line.
    static func withoutTimings(_ json: String) -> String {
        json.split(separator: "\n").filter { !$0.contains("\"seconds\"") }.joined(separator: "\n")
    }
}
