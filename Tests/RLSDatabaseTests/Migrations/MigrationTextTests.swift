import Foundation
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Migration files are text: NUL, invalid UTF-8 and a byte-order mark in the middle are refused")
struct MigrationTextTests {
    /// A folder holding one file with `bytes`.
    private func folder(_ bytes: [UInt8], name: String = "20260101000001_odd.sql") throws -> MigrationDirectory {
        let path = NSTemporaryDirectory() + "rls-text-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + name))
        return MigrationDirectory(path: path)
    }

    private func offset(of bytes: [UInt8]) throws -> (Int, String)? {
        let directory = try folder(bytes)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        do {
            _ = try directory.files()
            return nil
        } catch MigrationError.notText(let path, let offset, let reason) {
            #expect(path.hasSuffix("20260101000001_odd.sql"))
            return (offset, reason)
        }
    }

    @Test("A NUL byte is refused with its byte offset, before libpq could cut the file there")
    func nul() throws {
        let bytes = Array("create table public.a (id int);\n".utf8) + [0] + Array("create table public.b (id int);".utf8)
        let found = try #require(try offset(of: bytes))
        #expect(found.0 == 32)
        #expect(found.1 == "a NUL byte")
        #expect(throws: MigrationError.self) {
            try MigrationFile(fileName: "20260101000001_x.sql", path: "Migrations/20260101000001_x.sql", contents: "select 1;\0select 2;")
        }
    }

    @Test("Invalid UTF-8 is refused with the offset of the first bad byte")
    func invalidUTF8() throws {
        let bytes = Array("select 'café';\n".utf8) + [0xC3, 0x28] + Array(" more".utf8)
        let found = try #require(try offset(of: bytes))
        #expect(found.0 == 16)
        #expect(found.1.contains("UTF-8"))
    }

    @Test("A byte-order mark after the start is refused; one at the start is dropped and the file applies")
    func byteOrderMark() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let late = try #require(try offset(of: Array("select 1;\n".utf8) + mark + Array("select 2;".utf8)))
        #expect(late.0 == 10)
        #expect(late.1.contains("byte-order mark"))

        let directory = try folder(mark + Array("create table public.marked (id int);".utf8))
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        let files = try directory.files()
        #expect(files[0].contents == "create table public.marked (id int);")
        let (_, db) = try TestDatabase.make()
        #expect(try ApplyInvariant.apply(files, on: db) == nil)
        #expect(try MigrationFixtures.exists("public.marked", on: db))
    }

    @Test("The error names the file (escaped) and the byte, and says what to do")
    func message() throws {
        let error = MigrationError.notText("Migrations/20260101000001_a\u{1B}[2Jb.sql", byteOffset: 7, reason: "a NUL byte")
        #expect("\(error)".hasPrefix(#"Migrations/20260101000001_a\u{1B}[2Jb.sql is not a text file: a NUL byte at byte 7."#))
        #expect("\(error)".contains("UTF-8"))
    }

    @Test("A 50 MB text is checked whole: a NUL at its very end is found")
    func large() throws {
        let line = Array("insert into public.t values (1, 'café 🚲');\n".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(50_000_100)
        while bytes.count < 50_000_000 { bytes += line }
        #expect(try MigrationText.decode(bytes, path: "big.sql").utf8.count == bytes.count)
        let end = bytes.count
        bytes.append(0)
        #expect(throws: MigrationError.notText("big.sql", byteOffset: end, reason: "a NUL byte")) {
            try MigrationText.decode(bytes, path: "big.sql")
        }
    }
}

@Suite("File names are printed escaped")
struct EscapedNameTests {
    @Test("Control characters, bidirectional overrides and backslashes are escaped; plain names are not")
    func escaping() {
        #expect("20260101000000_plain.sql".escapedForDisplay == "20260101000000_plain.sql")
        #expect("20260101000000_café.sql".escapedForDisplay == "20260101000000_café.sql")
        #expect("a\nb\tc".escapedForDisplay == #"a\nb\tc"#)
        #expect("a\u{1B}[31mred".escapedForDisplay == #"a\u{1B}[31mred"#)
        #expect("evil\u{202E}lqs.exe".escapedForDisplay == #"evil\u{202E}lqs.exe"#)
        #expect(#"a\nb"#.escapedForDisplay == #"a\\nb"#)
    }

    @Test("Bytes that are not UTF-8 are shown as \\xNN between the valid characters around them")
    func escapingBytes() {
        #expect(String(escapingForDisplay: Array("café".utf8)) == "café")
        #expect(String(escapingForDisplay: Array("caf".utf8) + [0xE9] + Array(".sql".utf8)) == #"caf\xE9.sql"#)
        // A truncated sequence, a lone continuation byte, then a valid 4-byte character and a control character.
        let bytes: [UInt8] = [0xE2, 0x82, 0x41, 0x80] + Array("😀".utf8) + [0x0A, 0x05]
        #expect(String(escapingForDisplay: bytes) == #"\xE2\x82A\x80😀\n\u{5}"#)
    }

    @Test("A refusal names a file with a newline in its name on one line")
    func refusalMessage() throws {
        let file = try MigrationFile(
            fileName: "20260101000001_two\nlines.sql", path: "Migrations/20260101000001_two\nlines.sql",
            contents: "vacuum;")
        let status = MigrationStatus(files: [file], applied: [])
        let error = try #require(throws: MigrationError.self) { try checkOnly(status) }
        #expect("\(error)".hasPrefix(#"20260101000001_two\nlines.sql:1: `vacuum` VACUUM cannot run inside a transaction"#))
        #expect(file.destructiveStatements.isEmpty)
        #expect(file.displayName == #"20260101000001_two\nlines.sql"#)
    }

    /// The dry-run path of apply runs the same checks without a database write.
    private func checkOnly(_ status: MigrationStatus) throws {
        let (_, db) = try TestDatabase.make()
        _ = try db.applyMigrations(status.pending, options: ApplyOptions(dryRun: true))
    }
}
