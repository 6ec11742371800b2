import Foundation
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Reading and writing the migrations folder")
struct MigrationDirectoryTests {
    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "rls-migrations-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func write(_ contents: String, _ name: String, in folder: String) throws {
        try contents.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test("Files come back sorted by version; README, hidden files and unrelated folders are ignored")
    func readsSorted() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("select 2;", "20260102000000_second.sql", in: folder)
        try write("select 1;", "20260101000000_first.sql", in: folder)
        try write("# notes", "README.md", in: folder)
        try write("x", ".hidden.sql", in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/old", withIntermediateDirectories: true)
        let files = try MigrationDirectory(path: folder).files()
        #expect(files.map(\.fileName) == ["20260101000000_first.sql", "20260102000000_second.sql"])
        #expect(files[0].contents == "select 1;")
        #expect(files[0].path == folder + "/20260101000000_first.sql")
    }

    @Test("A badly named .sql file stops the read and is named")
    func badName() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("select 1;", "init.sql", in: folder)
        #expect(throws: MigrationError.badFileName("init.sql", directory: folder)) {
            try MigrationDirectory(path: folder).files()
        }
    }

    @Test("Two files with one version are refused")
    func duplicateVersion() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("", "20260101000000_a.sql", in: folder)
        try write("", "20260101000000_b.sql", in: folder)
        #expect(
            throws: MigrationError.duplicateVersion(
                "20260101000000", fileNames: ["20260101000000_a.sql", "20260101000000_b.sql"])
        ) {
            try MigrationDirectory(path: folder).files()
        }
    }

    @Test("A missing folder says how to create one")
    func missing() {
        let directory = MigrationDirectory(path: "/nonexistent/Migrations")
        #expect(!directory.exists)
        #expect {
            try directory.files()
        } throws: { error in
            "\(error)".contains("/nonexistent/Migrations") && "\(error)".contains("rls diff NAME")
        }
    }

    @Test("Writing creates the folder and a timestamped file, and never overwrites")
    func writes() throws {
        // The parent is removed, not just Migrations inside it, or every run leaves an rls-migrations-* folder behind.
        let parent = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let folder = parent + "/Migrations"
        let date = Date(timeIntervalSince1970: 1_795_361_400)
        let directory = MigrationDirectory(path: folder)
        let file = try directory.write(name: "initial schema", sql: "create table a (x int);\n", at: date)
        #expect(file.fileName == "20261122153000_initial_schema.sql")
        #expect(try directory.files() == [file])
        #expect(throws: MigrationError.fileExists(file.path)) {
            try directory.write(name: "other", sql: "", at: date)
        }
    }
}
