import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

/// Issue 33: Ctrl-C during an apply of several batches against a database that outlives the command
/// says what the earlier batches committed, instead of exiting 130 in silence.
@Suite("Ctrl-C during rls apply says what committed")
struct ApplyInterruptTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func interruptedSecondBatch(_ signalNumber: Int32, _ status: Int32) throws {
        let executable = try #require(
            FileManager.default.isExecutableFile(atPath: SignalTests.executable) ? SignalTests.executable : nil,
            "build the rls-example executable (swift build --build-tests) before testing")
        let (url, db) = try TestDatabase.make()
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("rls-interrupt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: project + "/Migrations", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: project) }
        // File 3 extends the type file 1 creates, so files 1 and 2 commit in a batch of their own first.
        let files = [
            ("20260101000001_paint.sql", "create type public.color as enum ('red');\ncreate table public.paint (c public.color);\n"),
            ("20260101000002_early.sql", "create table public.early (id int);\n"),
            (
                "20260101000003_blue.sql",
                "alter type public.color add value 'blue';\nselect pg_sleep(60);\ncreate table public.late (id int);\n"
            ),
        ]
        for (name, sql) in files {
            try sql.write(toFile: project + "/Migrations/" + name, atomically: true, encoding: .utf8)
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["apply", "--yes"]
        process.currentDirectoryURL = URL(fileURLWithPath: project)
        var environment = ProcessInfo.processInfo.environment
        environment["DATABASE_URL"] = url
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()

        // Wait until the second batch sleeps, by asking the server.
        var sleeping = false
        for _ in 0..<600 where !sleeping {
            sleeping =
                try db.query(
                    "select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(60)%' and pid <> pg_backend_pid()"
                ).rows[0].int("n") == 1
            if !sleeping { Thread.sleep(forTimeInterval: 0.05) }
        }
        try #require(sleeping, "the apply never reached its second batch")

        kill(process.processIdentifier, signalNumber)
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == status, "\(output)")
        #expect(output.contains("Committed"), "\(output)")
        #expect(output.contains("20260101000002_early.sql"), "\(output)")
        #expect(output.contains("alter type public.color add value 'blue'"), "\(output)")
        #expect(output.contains("Not committed (rolled back):\n  20260101000003_blue.sql"), "\(output)")

        // The server agrees once it has noticed the client is gone.
        var versions: [String] = []
        for _ in 0..<200 {
            versions = try db.query("select version from supabase_migrations.schema_migrations order by 1").rows.map {
                try $0.string("version")
            }
            let busy = try db.query(
                "select count(*)::int as n from pg_stat_activity where datname = current_database() and query like 'select pg_sleep(60)%'"
            ).rows[0].int("n")
            if busy == 0 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(versions == ["20260101000001", "20260101000002"])
    }
}
