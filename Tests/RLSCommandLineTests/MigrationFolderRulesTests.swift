import ElectricRide
import Foundation
import RLSTestSupport
import Testing

@testable import RLSCommandLine

#if canImport(Glibc)
    import Glibc
#endif

/// The Supabase CLI's folder rules through `rls apply`: older files need --include-all, applied
/// files without a file are reported, odd file names are printed escaped.
@Suite("rls apply: migration folder rules")
struct MigrationFolderRulesTests {
    private func write(_ sql: String, _ name: String, in folder: String) throws {
        try sql.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func olderFileNeedsIncludeAllAndMissingFileIsReported() throws {
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-rules-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        let target = ["--database-url", database.url, "--migrations", migrations]

        try write("create table public.newer (id int);\n", "20260101000005_newer.sql", in: migrations)
        #expect(runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema).code == .success)

        try write("create table public.older (id int);\n", "20260101000003_older.sql", in: migrations)
        let refused = runRLS(["apply", "--yes"] + target, schema: ElectricRide.schema)
        #expect(refused.code == .failure)
        #expect(refused.error.contains("20260101000003_older.sql"))
        #expect(refused.error.contains("--include-all"))
        let plan = runRLS(["plan"] + target, schema: ElectricRide.schema)
        #expect(plan.output.contains("refuses it unless --include-all"))

        try FileManager.default.removeItem(atPath: migrations + "/20260101000005_newer.sql")
        let applied = runRLS(["apply", "--yes", "--include-all"] + target, schema: ElectricRide.schema)
        #expect(applied.code == .success, "\(applied.error)")
        #expect(applied.output.contains("? 20260101000005_newer.sql is recorded as applied but has no file here"))
        #expect(applied.output.contains("Applied 1 file(s)"))
    }

    @Test func oddFileNamesArePrintedEscaped() throws {
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-rules-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        let database = try TestDatabase.make()
        try write("create table public.a (id int);\nvacuum public.a;\n", "20260101000001_clear\u{1B}[2J.sql", in: migrations)
        let result = runRLS(["apply", "--yes", "--database-url", database.url, "--migrations", migrations], schema: ElectricRide.schema)
        #expect(result.code == .failure)
        #expect(result.error.contains(#"20260101000001_clear\u{1B}[2J.sql:2: `vacuum public.a` VACUUM cannot run"#))
        #expect(!result.error.contains("\u{1B}"))
    }

    /// A folder holding a plain first file and, as the second, what `make` creates at the path it is given.
    private func folder(secondFile make: (String) throws -> Void) throws -> String {
        let migrations = FileManager.default.temporaryDirectory.appendingPathComponent("rls-rules-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        try write("create table public.first_file (id int);\n", "20260101000001_first.sql", in: migrations)
        try make(migrations + "/20260101000002_")
        return migrations
    }

    /// `plan --exit-code`, `apply --dry-run` and `apply` all refuse the folder with `message`, and nothing is applied.
    private func expectRefused(_ migrations: String, message: String, secret: String? = nil) throws {
        let database = try TestDatabase.make()
        let target = ["--database-url", database.url, "--migrations", migrations]
        for arguments in [["plan", "--exit-code"], ["apply", "--yes", "--dry-run"], ["apply", "--yes"]] {
            let result = runRLS(arguments + target, schema: ElectricRide.schema)
            #expect(result.code == .failure, "rls \(arguments.joined(separator: " ")): \(result.output)\(result.error)")
            #expect(result.error.contains(message), "rls \(arguments.joined(separator: " ")): \(result.error)")
            if let secret { #expect(!(result.output + result.error).contains(secret)) }
        }
        let applied = try database.connection.query(
            "select to_regclass('public.first_file') is null as none, "
                + "to_regclass('supabase_migrations.schema_migrations') is not null as history"
        ).rows[0]
        #expect(try applied.string("none") == "t", "nothing was applied")
        if try applied.string("history") == "t" {
            let recorded = try database.connection.query("select count(*)::int as n from supabase_migrations.schema_migrations")
            #expect(try recorded.rows[0].int("n") == 0, "nothing was recorded")
        }
    }

    @Test func aFileNameThatIsNotUTF8IsRefusedByPlanAndApply() throws {
        let migrations = try folder { prefix in
            let path = Array(prefix.utf8) + Array("caf".utf8) + [0xE9] + Array(".sql".utf8) + [0]
            let descriptor = path.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
            }
            #expect(descriptor >= 0)
            close(descriptor)
        }
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        try expectRefused(migrations, message: #"20260101000002_caf\xE9.sql"#)
    }

    @Test func aSymbolicLinkIsRefusedByPlanAndApplyAndNeverRead() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("rls-secret-\(UUID().uuidString)").path
        try "select 'ghp_not_for_the_server';\n".write(toFile: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: secret) }
        let migrations = try folder { try FileManager.default.createSymbolicLink(atPath: $0 + "leak.sql", withDestinationPath: secret) }
        defer { try? FileManager.default.removeItem(atPath: migrations) }
        try expectRefused(migrations, message: "20260101000002_leak.sql is a symbolic link", secret: "ghp_not_for_the_server")
    }

    @Test func aFolderOrNearMissNameIsRefusedByPlanAndApply() throws {
        let directory = try folder { try FileManager.default.createDirectory(atPath: $0 + "x.sql", withIntermediateDirectories: false) }
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try expectRefused(directory, message: "20260101000002_x.sql is a folder")
        let upper = try folder { try "select 1;".write(toFile: $0 + "x.SQL", atomically: true, encoding: .utf8) }
        defer { try? FileManager.default.removeItem(atPath: upper) }
        try expectRefused(upper, message: "20260101000002_x.SQL")
    }

    @Test func helpNamesIncludeAll() {
        let help = runRLS(["apply", "--help"], schema: ElectricRide.schema)
        #expect(help.output.contains("--include-all"))
    }
}
