import ElectricRide
import Foundation
import RLSDatabase
import Testing

@testable import RLSCommandLine

/// `rls docs` through the command line: writes proven pages, `--check` passes on fresh pages and fails
/// on a hand-edited one, and a migration that breaks a rule makes it fail without writing anything.
@Suite("rls docs")
struct DocsCommandTests {
    static let repositoryMigrations = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Migrations").path

    private func docs(_ arguments: [String]) -> (code: ExitCode, output: String, error: String) {
        let captured = CapturedConsole()
        let code = RLSCommandLine.execute(
            ["docs"] + arguments, schema: ElectricRide.schema, scenarios: ElectricRide.scenarios,
            console: captured.console, environment: [:], directory: projectWithoutDevCluster)
        return (code, captured.output, captured.error)
    }

    @Test func writesThenChecksThenCatchesAHandEdit() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let written = docs(["--docs", folder, "--migrations", Self.repositoryMigrations])
        #expect(written.code == .success, "\(written.error)")
        #expect(written.output.contains("wrote \(folder)/ACCESS.md"))

        let fresh = docs(["--check", "--docs", folder, "--migrations", Self.repositoryMigrations])
        #expect(fresh.code == .success, "\(fresh.error)")

        let page = folder + "/ACCESS.md"
        let edited = try String(contentsOfFile: page, encoding: .utf8).replacing("| [saved](#saved) | ✗", with: "| [saved](#saved) | ✓")
        try edited.write(toFile: page, atomically: true, encoding: .utf8)
        let stale = docs(["--check", "--docs", folder, "--migrations", Self.repositoryMigrations])
        #expect(stale.code == .failure)
        #expect(stale.error.contains("ACCESS.md"))
        #expect(stale.error.contains("Run 'rls docs' and commit the result."))
    }

    @Test func aBrokenRuleFailsAndWritesNothing() throws {
        let folder = try temporaryFolder()
        let migrations = try temporaryFolder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: migrations)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.repositoryMigrations) where name.hasSuffix(".sql") {
            try FileManager.default.copyItem(atPath: Self.repositoryMigrations + "/" + name, toPath: migrations + "/" + name)
        }
        try "create policy \"everyone reads saved\" on public.saved for select to authenticated using (true);\n"
            .write(toFile: migrations + "/29990101000000_leak.sql", atomically: true, encoding: .utf8)
        let result = docs(["--docs", folder, "--migrations", migrations])
        #expect(result.code == .failure)
        #expect(result.error.contains("saved"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/ACCESS.md"))
    }

    private func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-docs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
