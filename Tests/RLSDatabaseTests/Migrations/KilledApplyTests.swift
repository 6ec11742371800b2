import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

/// `kill -9` of a process in the middle of an apply. The test binary plays both parts: the test
/// starts a copy of itself that runs only this test with `RLS_APPLY_CHILD_URL` set, so that copy
/// applies and is killed while the server sleeps in file 2; this process then checks the database.
@Suite("An apply whose process is killed with SIGKILL")
struct KilledApplyTests {
    private static let childURLVariable = "RLS_APPLY_CHILD_URL"

    private let files = [
        try! MigrationFixtures.file(1, "first", "create table public.first (id int);"),
        try! MigrationFixtures.file(2, "second", "create table public.second (id int);\nselect pg_sleep(2.5);"),
        try! MigrationFixtures.file(3, "third", "create table public.third (id int);"),
    ]

    @Test("kill -9 of the applying process halfway leaves no object and no history row")
    func killNineOfTheApplyingProcess() throws {
        if let url = ProcessInfo.processInfo.environment[Self.childURLVariable] {
            // The child's part: apply, and be killed before this returns.
            _ = try Connection(url: url).applyMigrations(files)
            return
        }
        let (url, db) = try TestDatabase.make()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        child.arguments = ["--testing-library", "swift-testing", "--filter", "killNineOfTheApplyingProcess"]
        child.environment = ProcessInfo.processInfo.environment.merging([Self.childURLVariable: url]) { $1 }
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) } }

        let sleeping = try waitFor(seconds: 60) {
            try db.query(
                """
                select count(*) as n from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_sleep(2.5)%'
                """
            ).rows[0].int("n") == 1
        }
        #expect(sleeping, "the child's apply should have reached file 2")
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal)

        // The server finds the client gone once the sleep ends, and rolls back: COMMIT never came.
        let backendGone = try waitFor(seconds: 30) {
            try db.query(
                "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()"
            ).rows[0].int("n") == 0
        }
        #expect(backendGone, "the killed client's backend should end")
        for table in ["public.first", "public.second", "public.third"] {
            #expect(try !MigrationFixtures.exists(table, on: db), "\(table) should not exist")
        }
        #expect(try MigrationFixtures.historyVersions(on: db).isEmpty)
        #expect(try db.applyMigrations(files).applied == files, "a new apply finds all three pending and applies them")
    }

    private func waitFor(seconds: Double, _ condition: () throws -> Bool) throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
