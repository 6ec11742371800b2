import ElectricRide
import Foundation
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls plan`, `apply` and `check` through PgBouncer with transaction pooling and a pool of one
/// server connection, where a client waits for a server connection forever (`query_wait_timeout` 0):
/// the smallest pool a Supabase project can have.
@Suite("Through PgBouncer, transaction mode, pool 1")
struct PgBouncerPoolTests {
    @Test func planApplyAndCheckWork() throws {
        let (url, database) = try TestDatabase.make()
        defer { database.close() }
        let bouncer = try PgBouncer.start(before: url)
        defer { bouncer.stop() }
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-pool-migrations-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let target = ["--database-url", bouncer.url, "--migrations", migrations]
        #expect(runRLS(["diff", "initial", "--migrations", migrations], schema: ElectricRide.schema).code == .success)

        let pending = runRLS(["plan", "--exit-code"] + target, schema: ElectricRide.schema)
        #expect(pending.code == .changesPending, "\(pending.output)\(pending.error)")
        let applied = runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema)
        #expect(applied.code == .success, "\(applied.output)\(applied.error)")
        let planned = runRLS(["plan", "--exit-code"] + target, schema: ElectricRide.schema)
        #expect(planned.code == .success, "\(planned.output)\(planned.error)")

        // Its second connection is never served while the first holds the pool's one server connection in
        // its transaction: the check gives it up, runs on one connection, and says so.
        let captured = CapturedConsole()
        let code = RLSCommandLine.execute(
            ["check", "--database-url", bouncer.url], schema: ElectricRide.schema, scenarios: ElectricRide.scenarios,
            console: captured.console, environment: [:], directory: projectWithoutDevCluster)
        #expect(code == .success, "\(captured.output)\(captured.error)")
        #expect(captured.output.contains("PASS 577 probes on 11 tables"), "\(captured.output)")
        let fallback = captured.output.split(separator: "\n").filter { $0.contains("ran on one connection") }
        #expect(fallback.count == 1 && fallback[0].contains("--connections 1"), "\(captured.output)")

        // Straight to the server, the second connection is served and takes probes: nothing to say.
        let direct = CapturedConsole()
        let directCode = RLSCommandLine.execute(
            ["check", "--database-url", url], schema: ElectricRide.schema, scenarios: ElectricRide.scenarios,
            console: direct.console, environment: [:], directory: projectWithoutDevCluster)
        #expect(directCode == .success, "\(direct.output)\(direct.error)")
        #expect(!direct.output.contains("ran on one connection"), "\(direct.output)")

        // With --connections 1 there is nothing to wait for, and nothing to say.
        let single = CapturedConsole()
        let singleCode = RLSCommandLine.execute(
            ["check", "--database-url", bouncer.url, "--connections", "1"], schema: ElectricRide.schema,
            scenarios: ElectricRide.scenarios, console: single.console, environment: [:], directory: projectWithoutDevCluster)
        #expect(singleCode == .success, "\(single.output)\(single.error)")
        #expect(!single.output.contains("ran on one connection"), "\(single.output)")
    }
}
