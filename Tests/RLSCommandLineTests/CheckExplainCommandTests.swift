import ElectricRide
import Foundation
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls check --explain` through the command line: the throwaway database only, clear usage errors.
@Suite("rls check --explain")
struct CheckExplainCommandTests {
    private func check(_ arguments: [String]) -> (code: ExitCode, output: String, error: String) {
        let captured = CapturedConsole()
        let code = RLSCommandLine.execute(
            ["check"] + arguments, schema: ElectricRide.schema, scenarios: ElectricRide.scenarios,
            console: captured.console, environment: [:], directory: projectWithoutDevCluster)
        return (code, captured.output, captured.error)
    }

    @Test func measuresTheExampleOnAThrowawayDatabase() {
        let result = check(["--explain", "--rows", "2000"])
        #expect(result.output.contains("Policy cost on 2000 generated rows per table (1000 users; alice is one of them):"))
        #expect(result.output.contains("public.saved"))
        // Plans depend on the planner's estimates: whatever it finds, the exit code says so, with a fix per finding.
        let findings = result.output.split(separator: "\n").filter { $0.hasPrefix("SLOW  ") }
        #expect(result.code == (findings.isEmpty ? .success : .failure), "\(result.output)\(result.error)")
        #expect(findings.allSatisfy { $0.contains("; fix: ") })
        #expect(findings.isEmpty == result.output.contains("No sequential scans for a persona's rows and no per-row auth calls."))
    }

    @Test func refusesARealDatabaseAndBadRows() throws {
        let (url, db) = try TestDatabase.make()
        db.close()
        let real = check(["--explain", "--database-url", url])
        #expect(real.code == .failure)
        #expect(real.error.contains("runs only on the throwaway database"), "\(real.error)")
        let rows = check(["--explain", "--rows", "many"])
        #expect(rows.code != .success)
        #expect(rows.error.contains("--rows wants a positive number of rows per table"), "\(rows.error)")
        let json = check(["--explain", "--format", "json"])
        #expect(json.code != .success && json.error.contains("--format does not go with --explain"), "\(json.error)")
        let stray = check(["--rows", "10"])
        #expect(stray.code != .success && stray.error.contains("--rows goes with --explain."), "\(stray.error)")
    }

    /// `--connections` takes 1 to 8, and only for the probes.
    @Test func refusesBadConnectionCounts() {
        for bad in ["0", "9", "two"] {
            let result = check(["--connections", bad])
            #expect(result.code == .usage, "\(result.error)")
            #expect(
                result.error.contains("--connections wants a number of connections from 1 to 8, such as 2; got '\(bad)'."),
                "\(result.error)")
        }
        let explain = check(["--explain", "--connections", "2"])
        #expect(explain.code != .success && explain.error.contains("--connections goes with the probes"), "\(explain.error)")
    }
}
