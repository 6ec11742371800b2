import Foundation
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Migration files and their names")
struct MigrationFileTests {
    @Test("Version and name come from the file name; the checksum from the bytes")
    func parsesName() throws {
        let file = try MigrationFile(
            fileName: "20261122153000_add_saved.sql", path: "Migrations/20261122153000_add_saved.sql", contents: "abc")
        #expect(file.version == "20261122153000")
        #expect(file.name == "add_saved")
        #expect(file.checksum == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("A path without a folder works (Foundation's path functions trap on it on Linux)")
    func bareFileName() throws {
        let file = try MigrationFile(fileName: "20261122153000_a.sql", path: "20261122153000_a.sql", contents: "")
        #expect(file.name == "a")
        #expect(throws: MigrationError.badFileName("a.sql", directory: "")) {
            try MigrationFile(fileName: "a.sql", path: "a.sql", contents: "")
        }
    }

    @Test(
        "Badly named files are refused with the expected form",
        arguments: [
            "add_saved.sql", "2026112215300_short.sql", "20261122153000add.sql", "20261122153000_.sql",
            "20261122153000_add.SQL", "2026-11-22_add.sql", "20261122153000_add.sql.bak",
        ])
    func badNames(fileName: String) {
        #expect {
            _ = try MigrationFile(fileName: fileName, path: "Migrations/\(fileName)", contents: "")
        } throws: { error in
            guard case MigrationError.badFileName(fileName, directory: "Migrations") = error else { return false }
            return "\(error)".contains("YYYYMMDDHHMMSS_name.sql") && "\(error)".contains(fileName)
        }
    }

    @Test("New file names use the UTC timestamp and a slug of the name")
    func newNames() throws {
        let date = Date(timeIntervalSince1970: 1_795_361_400)  // 2026-11-22 15:30:00 UTC
        #expect(try MigrationFile.fileName(for: "Add saved listings!", at: date) == "20261122153000_add_saved_listings.sql")
        #expect(try MigrationFile.fileName(for: "  initial ", at: date) == "20261122153000_initial.sql")
        #expect(try MigrationFile.fileName(for: "v2--Café_ratings", at: date) == "20261122153000_v2_caf_ratings.sql")
        #expect(MigrationFile.version(at: Date(timeIntervalSince1970: 0)) == "19700101000000")
        let name = try MigrationFile.fileName(for: "x", at: date)
        #expect(try MigrationFile(fileName: name, path: name, contents: "").version == "20261122153000")
    }

    @Test("A name with nothing usable is refused")
    func invalidName() {
        #expect(throws: MigrationError.invalidName("?!")) { try MigrationFile.fileName(for: "?!") }
    }
}
