import ElectricRide
import Foundation
import RLSTestSupport
import Testing

@testable import RLSCommandLine

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

    @Test func helpNamesIncludeAll() {
        let help = runRLS(["apply", "--help"], schema: ElectricRide.schema)
        #expect(help.output.contains("--include-all"))
    }
}
