import ElectricRide
import Foundation
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// The workflow a user follows, through the command line, against a real database:
/// diff writes a migration, plan sees it pending, apply applies it, plan is then empty,
/// and drift made by hand is found and named.
@Suite("diff, plan and apply through the command line")
struct MigrationWorkflowTests {
    @Test func diffThenApplyThenPlanIsEmpty() throws {
        let migrations = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        let target = ["--database-url", database.url, "--migrations", migrations]

        let diff = runRLS(["diff", "initial", "--migrations", migrations], schema: ElectricRide.schema)
        #expect(diff.code == .success, "\(diff.error)")
        #expect(diff.output.contains("Wrote \(migrations)/"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: migrations).count == 1)

        let again = runRLS(["diff", "again", "--migrations", migrations], schema: ElectricRide.schema)
        #expect(again.output.contains("No difference"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: migrations).count == 1)

        let pending = runRLS(["plan", "--exit-code"] + target, schema: ElectricRide.schema)
        #expect(pending.code == .changesPending, "\(pending.error)")
        #expect(pending.output.contains("Migrations: 1 pending"))

        let apply = runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema)
        #expect(apply.code == .success, "\(apply.output)\(apply.error)")
        #expect(apply.output.contains("Applied 1 file(s)"))

        let clean = runRLS(["plan", "--exit-code"] + target, schema: ElectricRide.schema)
        #expect(clean.code == .success, "\(clean.output)\(clean.error)")
        #expect(clean.output.contains("Drift: none"))

        let nothing = runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema)
        #expect(nothing.output.contains("Nothing to apply"))

        try database.connection.execute(
            "create policy \"dashboard read all\" on public.saved for select to authenticated using (true)"
        )
        let drifted = runRLS(["plan", "--exit-code", "--format", "json"] + target, schema: ElectricRide.schema)
        #expect(drifted.code == .changesPending)
        #expect(drifted.output.contains("public.saved.dashboard read all"))
        #expect(drifted.output.contains("\"kind\" : \"drop\""))
    }

    @Test func aPendingFileThatWeakensTheSchemaIsShownBeforeItIsApplied() throws {
        let migrations = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        let target = ["--database-url", database.url, "--migrations", migrations]
        #expect(runRLS(["diff", "initial", "--migrations", migrations], schema: ElectricRide.schema).code == .success)
        #expect(runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema).code == .success)
        try "alter table public.colour disable row level security;\n"
            .write(toFile: migrations + "/29990101000000_weaken.sql", atomically: true, encoding: .utf8)

        let plan = runRLS(["plan", "--exit-code"] + target, schema: ElectricRide.schema)
        #expect(plan.code == .changesPending)
        #expect(plan.output.contains("After these files, the database would still differ from the schema in 1 way(s):"))
        #expect(plan.output.contains("+ row level security public.colour"))
        let json = runRLS(["plan", "--format", "json"] + target, schema: ElectricRide.schema)
        #expect(json.output.contains("\"afterPendingMigrations\" : ["))
        #expect(json.output.contains("public.colour"))
    }

    @Test func planRejectsAnUnknownFormat() {
        let result = runRLS(["plan", "--format", "yaml"], schema: ElectricRide.schema)
        #expect(result.code == .usage)
        #expect(result.error.contains("use one of: text, json"))
    }

    @Test func diffNeedsAName() {
        let result = runRLS(["diff"], schema: ElectricRide.schema)
        #expect(result.code == .usage)
        #expect(result.error.contains("rls diff NAME"))
    }

    @Test func applyWithoutMigrationsFolderSaysWhatToDo() throws {
        let database = try TestDatabase.make()
        let result = runRLS(
            ["apply", "--database-url", database.url, "--migrations", "/nonexistent/Migrations"], schema: ElectricRide.schema)
        #expect(result.code == .failure)
        #expect(result.error.contains("rls diff NAME"))
    }

    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
