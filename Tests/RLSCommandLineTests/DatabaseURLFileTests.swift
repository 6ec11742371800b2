import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `--database-url-file PATH` keeps the password off the command line (and out of `ps` and
/// `/proc/PID/cmdline`), the way `DATABASE_URL` does.
@Suite("The database URL read from a file")
struct DatabaseURLFileTests {
    /// Writes `text` to a new file with `mode`, removed after `body`.
    private func withFile(_ text: String, mode: mode_t = 0o600, _ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-url-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, mode)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    @Test func theURLIsReadFromTheFile() throws {
        let database = try TestDatabase.make()
        defer { database.connection.close() }
        let target = try ConnectionTarget(database.url)
        let password = try #require(URLComponents(string: database.url)?.password)
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-url-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        try withFile("  \(database.url)\n\n") { path in
            for arguments in [
                ["plan", "--migrations", migrations, "--database-url-file", path],
                ["--database-url-file=\(path)", "plan", "--migrations", migrations],
            ] {
                let result = runRLS(arguments)
                #expect(result.code == .success, "\(result.error)")
                #expect(result.error.contains("Database: \(target.redacted) (--database-url-file)"), "\(result.error)")
                #expect(!result.output.contains(password) && !result.error.contains(password))
            }
        }
    }

    @Test func aMissingFileIsAClearError() {
        let path = "/nonexistent/rls-url-\(UUID().uuidString)"
        let result = runRLS(["plan", "--database-url-file", path])
        #expect(result.code == .failure)
        #expect(result.error.contains("Could not read the database URL from \(path)"), "\(result.error)")
        #expect(!result.error.contains("Database:"), "no database is chosen in its place")
    }

    @Test func anEmptyFileIsAnErrorNotTheThrowawayDatabase() throws {
        try withFile("\n") { path in
            let result = runRLS(["apply", "--yes", "--database-url-file", path])
            #expect(result.code == .failure)
            #expect(result.error.contains("is empty"), "\(result.error)")
            #expect(!result.error.contains("Database:"))
        }
    }

    @Test func aFileOthersCanReadIsWarnedAboutAndThePasswordStaysHidden() throws {
        try withFile("postgres://u:Zq7leakPW@127.0.0.1:1/db\n", mode: 0o644) { path in
            let result = runRLS(["plan", "--database-url-file", path])
            #expect(result.code == .failure)
            #expect(result.error.contains("other users can read \(path)"), "\(result.error)")
            #expect(result.error.contains("postgres://u:***@127.0.0.1:1/db (--database-url-file)"), "\(result.error)")
            #expect(!result.output.contains("Zq7leakPW") && !result.error.contains("Zq7leakPW"))
        }
    }

    @Test func bothTheURLAndTheFileIsAUsageError() throws {
        try withFile("postgres://u:pw@127.0.0.1:1/db\n") { path in
            let result = runRLS(["plan", "--database-url", "postgres://u:pw@127.0.0.1:1/db", "--database-url-file", path])
            #expect(result.code == .usage)
            #expect(result.error.contains("either --database-url or --database-url-file"), "\(result.error)")
        }
    }
}
