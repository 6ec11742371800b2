import ElectricRide
import Foundation
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// Captures what a command writes, as a user would see it.
final class CapturedConsole: @unchecked Sendable {
    private(set) var output = ""
    private(set) var error = ""

    var console: Console {
        Console(
            writeOutput: { [self] in output += $0 },
            writeError: { [self] in error += $0 },
            isInteractive: false
        )
    }
}

/// Runs `rls` with the given arguments against the given schema, capturing its output.
func runRLS(_ arguments: [String], schema: Schema = Schema(), scenarios: [Scenario] = [], environment: [String: String] = [:])
    -> (code: ExitCode, output: String, error: String)
{
    let captured = CapturedConsole()
    let code = RLSCommandLine.execute(
        arguments, schema: schema, scenarios: scenarios, console: captured.console, environment: environment,
        directory: projectWithoutDevCluster)
    return (code, captured.output, captured.error)
}

/// A project directory with no `rls dev` cluster, so a developer's running one never stands in for
/// the throwaway database a test expects.
let projectWithoutDevCluster = FileManager.default.temporaryDirectory.appendingPathComponent("rls-tests-no-dev-cluster").path

@Suite("Command line")
struct CommandLineTests {
    @Test func helpListsEverySubcommandAndExitCodes() {
        let result = runRLS(["--help"])
        #expect(result.code == .success)
        for name in ["plan", "diff", "apply", "check", "docs", "lint", "sql", "dev"] {
            #expect(result.output.contains("\n  \(name) "), "rls --help lists \(name)")
        }
        #expect(result.output.contains("64  usage error"))
    }

    @Test func everySubcommandHasHelp() {
        for command in Commands.all {
            let result = runRLS([command.name, "--help"])
            #expect(result.code == .success)
            #expect(result.output.hasPrefix("rls \(command.name): "))
            #expect(result.output.contains("Usage: rls \(command.name)"))
        }
    }

    @Test func versionAndNoArguments() {
        #expect(runRLS(["--version"]).output == "rls \(RLSCommandLine.version)\n")
        let bare = runRLS([])
        #expect(bare.code == .usage)
        #expect(bare.error.contains("Commands:"))
    }

    @Test func unknownCommandSuggestsClosest() {
        let result = runRLS(["chek"])
        #expect(result.code == .usage)
        #expect(result.error.contains("Did you mean 'rls check'?"))
    }

    @Test func unknownOptionIsAUsageError() {
        let result = runRLS(["sql", "--databse-url", "x"])
        #expect(result.code == .usage)
        #expect(result.error.contains("did you mean '--database-url'?"))
        #expect(result.error.contains("Usage: rls sql"))
    }

    @Test func globalOptionsBeforeTheCommand() {
        let result = runRLS(["--verbose", "dev", "--help"])
        #expect(result.code == .success)
        #expect(result.output.hasPrefix("rls dev: "))
    }
}

@Suite("rls sql")
struct SQLCommandTests {
    @Test func printsTheRenderedSchemaAndAppliesAsPostgres() throws {
        let result = runRLS(["sql"], schema: ElectricRide.schema)
        #expect(result.code == .success)
        #expect(result.output == render(ElectricRide.schema))
        let database = try TestDatabase.make()
        try database.connection.transaction { try $0.execute(result.output) }
        let tables = try database.connection.query(
            "select count(*) as n from pg_tables where schemaname = 'public' and rowsecurity"
        ).rows[0].int("n")
        #expect(tables == ElectricRide.schema.tables.count)
    }

    @Test func writesToAFileWithOutput() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-sql-\(UUID().uuidString).sql").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = runRLS(["sql", "--output", path], schema: ElectricRide.schema)
        #expect(result.code == .success)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == render(ElectricRide.schema))
        #expect(result.error.contains("Wrote \(path)"))
    }

    @Test func unwritableOutputSaysWhatToDo() {
        let result = runRLS(["sql", "-o", "/nonexistent-folder/x.sql"], schema: ElectricRide.schema)
        #expect(result.code == .failure)
        #expect(result.error.contains("could not write /nonexistent-folder/x.sql"))
    }
}
