import Foundation
import RLSDatabase
import RLSPull
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// `rls init DIR --from-database [URL]` on a hand-made dashboard-style database with the legacy grants:
/// the package holds exactly what `rls pull` writes, its baseline marks as applied and then nothing is
/// left to plan; a failure leaves nothing behind; the password shows nowhere. scripts/test-adopters
/// builds such a package and runs its own `rls` against the database.
@Suite("rls init --from-database")
struct InitFromDatabaseTests {
    private func scratchFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rls-init-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Every file under `folder`, by relative path, with its contents.
    private func contents(of folder: URL) throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result[path] = try String(contentsOfFile: folder.path + "/" + path, encoding: .utf8) }
        }
        return result
    }

    private func dashboardDatabase() throws -> (url: String, connection: Connection) {
        let (url, db) = try TestDatabase.make(.legacyGrantAll)
        try db.execute(BrownfieldDatabases.dashboard)
        return (url, db)
    }

    @Test func writesWhatRLSPullWritesThenTheBaselineMarksAppliedAndPlanIsClean() throws {
        let (url, db) = try dashboardDatabase()
        defer { db.close() }
        let parent = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let package = parent.appendingPathComponent("shop")

        let result = runRLS(["init", package.path, "--from-database", url])
        #expect(result.code == .success, "\(result.error)")
        let files = try contents(of: package)

        // The schema target holds exactly what `rls pull --name Shop` writes from the same database.
        let pulled = parent.appendingPathComponent("pulled")
        let pull = runRLS([
            "pull", "--database-url", url, "--name", "Shop", "--output", pulled.path + "/Policies",
            "--migrations", pulled.path + "/Migrations",
        ])
        #expect(pull.code == .success, "\(pull.error)")
        let expected = try contents(of: pulled)
        let policies = files.filter { $0.key.hasPrefix("Sources/Policies/") }
        #expect(policies.count > 5)
        #expect(
            Set(policies.keys.map { String($0.dropFirst("Sources/".count)) }) == Set(expected.keys.filter { $0.hasPrefix("Policies/") }))
        for (path, text) in policies {
            #expect(text == expected[String(path.dropFirst("Sources/".count))], "\(path) differs from rls pull's")
        }
        #expect(policies["Sources/Policies/Shop.swift"]?.contains("public enum Shop {") == true)
        #expect(files["Sources/rls/main.swift"] == "import Policies\nimport RLSCommandLine\nRLSCommandLine.run(schema: Shop.schema)\n")

        // Migrations/ holds the baseline only (no .gitkeep), the same SQL rls pull writes.
        let migrations = files.keys.filter { $0.hasPrefix("Migrations/") }
        #expect(migrations.count == 1)
        let baselinePath = try #require(migrations.first)
        #expect(baselinePath.hasSuffix("_baseline.sql"))
        let version = String(baselinePath.dropFirst("Migrations/".count).prefix(14))
        #expect(files[baselinePath] == expected.first { $0.key.hasPrefix("Migrations/") }?.value)
        #expect(files[baselinePath]?.contains("CREATE TABLE \"public\".\"todos\"") == true)

        // README and the command's last lines say what to run next, with the real version.
        let readme = try #require(files["README.md"])
        #expect(readme.contains("swift run rls apply --mark-applied \(version)"))
        #expect(readme.contains("swift run rls plan --exit-code"))
        #expect(result.output.contains("swift run rls apply --mark-applied \(version)"))
        #expect(result.output.contains("swift run rls plan --exit-code"))
        #expect(
            result.output.contains("Not expressed natively") == !Pull(catalog: try db.introspectCatalog(), name: "Shop", origin: "").pulled
                .notes.isEmpty)
        #expect(files[".github/workflows/rls.yml"] == CIWorkflow.yaml)

        // The package's steps, with the schema its Swift spells (as DSL values): record, then plan = 0.
        let schema = try Pull(connection: db, name: "Shop", origin: "test").pulled.schema
        let migrationsFolder = package.appendingPathComponent("Migrations").path
        let before = runRLS(["plan", "--exit-code", "--database-url", url, "--migrations", migrationsFolder], schema: schema)
        #expect(before.code == .changesPending, "the baseline is pending before it is recorded: \(before.output)\(before.error)")
        let mark = runRLS(["apply", "--mark-applied", version, "--database-url", url, "--migrations", migrationsFolder], schema: schema)
        #expect(mark.code == .success, "\(mark.error)")
        let plan = runRLS(["plan", "--exit-code", "--database-url", url, "--migrations", migrationsFolder], schema: schema)
        #expect(plan.code == .success, "\(plan.output)\(plan.error)")

        // Nowhere a password: not in what it printed, not in a file it wrote.
        let password = try TestDatabase.cluster.password
        #expect(url.contains(password))
        for text in [result.output, result.error] + Array(files.values) { #expect(!text.contains(password)) }
        #expect(result.error.contains("postgres:***@"), "\(result.error)")
    }

    @Test func theURLMayComeFromDATABASE_URLAndTheOptionMayComeFirst() throws {
        let (url, db) = try dashboardDatabase()
        defer { db.close() }
        let parent = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let fromEnvironment = runRLS(
            ["init", parent.appendingPathComponent("a").path, "--from-database"], environment: ["DATABASE_URL": url])
        #expect(fromEnvironment.code == .success, "\(fromEnvironment.error)")
        #expect(fromEnvironment.error.contains("(DATABASE_URL)"))
        let optionFirst = runRLS(["init", "--from-database", url, "--name", "my-shop", parent.appendingPathComponent("b").path])
        #expect(optionFirst.code == .success, "\(optionFirst.error)")
        #expect(FileManager.default.fileExists(atPath: parent.appendingPathComponent("b/Sources/Policies/MyShop.swift").path))
        #expect(FileManager.default.fileExists(atPath: parent.appendingPathComponent("a/Sources/Policies/A.swift").path))
    }

    @Test(arguments: [["--from-database="], ["--from-database", ""], ["--from-database", "  "]])
    func anEmptyURLIsAnError(_ option: [String]) throws {
        let parent = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let result = runRLS(
            ["init", parent.appendingPathComponent("app").path] + option, environment: ["DATABASE_URL": "postgres://u:p@h/db"])
        #expect(result.code == .usage)
        #expect(result.error.contains("--from-database is empty"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    @Test func withoutAnyDatabaseItSaysWhereTheURLGoes() throws {
        let parent = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let result = runRLS(["init", parent.appendingPathComponent("app").path, "--from-database"])
        #expect(result.code == .usage)
        #expect(result.error.contains("--from-database URL"), "\(result.error)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    /// A wrong password against the real server: refused, nothing written, and the password hidden.
    @Test func aFailedReadLeavesNothingBehindAndHidesThePassword() throws {
        let parent = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: parent) }
        let password = "Init-Pa55-\(UUID().uuidString.prefix(8))"
        let url = "postgres://postgres:\(password)@127.0.0.1:\(try TestDatabase.cluster.port)/postgres"
        let result = runRLS(["init", parent.appendingPathComponent("app").path, "--from-database", url, "--verbose"])
        #expect(result.code == .failure)
        #expect(result.error.contains("password"), "\(result.error)")
        #expect(!result.output.contains(password))
        #expect(!result.error.contains(password))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty, "nothing left behind, not even a staging folder")
    }

    @Test func aFolderThatIsNotEmptyIsRefusedBeforeTheDatabaseIsRead() throws {
        let folder = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        // Port 1: reading would fail differently; the folder is refused first.
        let result = runRLS(["init", folder.path, "--from-database", "postgres://postgres:x@127.0.0.1:1/postgres"])
        #expect(result.code == .failure)
        #expect(result.error.contains("is not empty (it holds notes.txt)"), "\(result.error)")
        #expect(!result.error.contains("Database:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.txt"])
    }

    @Test func helpShowsTheOptionalURL() {
        let result = runRLS(["init", "--help"])
        #expect(result.output.contains("--from-database [URL]"))
        #expect(result.output.contains("--mark-applied VERSION"))
    }
}
