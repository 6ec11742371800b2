import Foundation
import Testing

@testable import RLSMigrations

#if canImport(Glibc)
    import Glibc
#endif

/// Every entry of the folder that could be a migration is either read as one or refused, naming it:
/// a name that is not UTF-8, a symbolic link, a folder and a near-miss name are never skipped, and a
/// link is never followed.
@Suite("The migrations folder: entries that are not plain migration files are refused, never skipped or followed")
final class MigrationDirectoryEntryTests {
    /// The folders this test made, removed when it ends.
    private var folders: [String] = []

    deinit {
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }

    private func temporaryFolder() throws -> String {
        let path = NSTemporaryDirectory() + "rls-entries-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        folders.append(path)
        return path
    }

    private func write(_ contents: String, _ name: String, in folder: String) throws {
        try contents.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    /// Creates `folder/<name bytes>` holding `contents`: a name Foundation cannot spell as a String.
    private func write(_ contents: String, rawName: [UInt8], in folder: String) throws {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + rawName + [0]
        let descriptor = path.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        }
        #expect(descriptor >= 0, "could not create the test file")
        defer { close(descriptor) }
        let bytes = Array(contents.utf8)
        #expect(bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// What `files()` throws, as the user reads it; nil when it does not throw.
    private func refusal(_ folder: String) -> String? {
        do {
            _ = try MigrationDirectory(path: folder).files()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("A file name that is not UTF-8 is refused with its bytes escaped, not skipped")
    func nameNotUTF8() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("create table public.kept (id int);", "20260101000000_kept.sql", in: folder)
        try write(
            "create table public.skipped (id int);", rawName: Array("20260101000001_caf".utf8) + [0xE9] + Array(".sql".utf8), in: folder)
        let message = try #require(refusal(folder), "a migration named in Latin-1 must not be skipped")
        #expect(message.contains(#"20260101000001_caf\xE9.sql"#), "\(message)")
        #expect(message.contains("not UTF-8"))
        #expect(message.contains("Rename"))
    }

    @Test("Any entry whose name is not UTF-8 is refused: rls cannot tell what it is")
    func anyNameNotUTF8() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("notes", rawName: Array("notes".utf8) + [0xFF, 0x1B] + Array("[2J".utf8), in: folder)
        let message = try #require(refusal(folder))
        #expect(message.contains(#"notes\xFF\u{1B}[2J"#), "\(message)")
        #expect(!message.contains("\u{1B}"))
    }

    @Test("A symbolic link named as a migration is refused and never read, whatever it points to")
    func symbolicLinks() throws {
        let outside = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try write("[remote]\n\ttoken = ghp_secret_token\n", "config", in: outside)
        let targets = [outside + "/config", outside, outside + "/missing"]
        for target in targets {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try write("select 1;", "20260101000000_first.sql", in: folder)
            try FileManager.default.createSymbolicLink(atPath: folder + "/20260101000001_leak.sql", withDestinationPath: target)
            let message = try #require(refusal(folder), "a link to \(target) must not be followed or skipped")
            #expect(message.contains(folder + "/20260101000001_leak.sql"), "\(message)")
            #expect(message.contains("symbolic link"), "\(message)")
            #expect(!message.contains("ghp_secret_token"))
        }
    }

    @Test("A symbolic link that is not named as a migration (a README) is ignored, and not read")
    func unrelatedLinkIgnored() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("select 1;", "20260101000000_first.sql", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/README.md", withDestinationPath: "/nonexistent/README.md")
        #expect(try MigrationDirectory(path: folder).files().map(\.fileName) == ["20260101000000_first.sql"])
    }

    @Test("The folder itself may be a symbolic link (supabase/migrations to Migrations)")
    func linkedFolder() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("select 1;", "20260101000000_first.sql", in: folder)
        let link = folder + "-link"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
        defer { try? FileManager.default.removeItem(atPath: link) }
        #expect(try MigrationDirectory(path: link).files().map(\.path) == [link + "/20260101000000_first.sql"])
    }

    @Test("A file swapped for a link after the folder was listed is refused when opened, not followed")
    func swappedForLink() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("secret", "target", in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/20260101000000_x.sql", withDestinationPath: folder + "/target")
        #expect(throws: MigrationError.symbolicLink(folder + "/20260101000000_x.sql")) {
            try MigrationDirectory.readRegularFile(folder + "/20260101000000_x.sql")
        }
    }

    @Test("A folder, a special file and a near-miss name (.SQL, .sql.txt) are refused, naming them")
    func nearMisses() throws {
        let cases: [(String, (String) throws -> Void, String)] = [
            ("20260101000001_x.sql", { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }, "folder"),
            ("old.sql", { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) }, "folder"),
            ("20260101000001_x.sql", { #expect(mkfifo($0, 0o600) == 0) }, "not a regular file"),
            ("20260101000001_x.SQL", { try "select 1;".write(toFile: $0, atomically: true, encoding: .utf8) }, "YYYYMMDDHHMMSS_name.sql"),
            (
                "20260101000001_x.sql.txt", { try "select 1;".write(toFile: $0, atomically: true, encoding: .utf8) },
                "YYYYMMDDHHMMSS_name.sql"
            ),
            ("20260101000001-x.sql", { try "select 1;".write(toFile: $0, atomically: true, encoding: .utf8) }, "YYYYMMDDHHMMSS_name.sql"),
        ]
        for (name, make, words) in cases {
            let folder = try temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try write("select 1;", "20260101000000_first.sql", in: folder)
            try make(folder + "/" + name)
            let message = try #require(refusal(folder), "\(name) must not be ignored")
            #expect(message.contains(name), "\(message)")
            #expect(message.contains(words), "\(message)")
        }
    }

    @Test("Unrelated entries stay ignored: README, hidden files, other folders")
    func unrelatedIgnored() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write("select 1;", "20260101000000_first.sql", in: folder)
        for name in ["README.md", ".DS_Store", ".gitkeep", ".hidden.sql", "notes.txt"] { try write("x", name, in: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/archive", withIntermediateDirectories: false)
        #expect(try MigrationDirectory(path: folder).files().map(\.fileName) == ["20260101000000_first.sql"])
    }
}
