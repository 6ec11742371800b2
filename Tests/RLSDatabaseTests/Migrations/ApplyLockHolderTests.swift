import Foundation
import RLSMigrations
import RLSPostgres
import RLSTestSupport
import Testing

/// A migration statement that gives up waiting for a lock (SQLSTATE 55P03) says which table and who
/// holds it, and does not blame the file: running the apply again once the holder is done is the fix.
@Suite("rls apply: a lock timeout names the holder")
struct ApplyLockHolderTests {
    @Test func theErrorNamesTheTableAndItsHolderAndDoesNotBlameTheFile() throws {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("create table public.busy (id int)")
        let holder = try Connection(url: url)
        defer { holder.close() }
        // A reader left in an open transaction: its ACCESS SHARE lock is enough to block ALTER TABLE.
        try holder.execute("set application_name = 'report job'; begin; select count(*) from public.busy")
        let pid = try #require(try holder.query("select pg_backend_pid() as pid").first?.int("pid"))
        let file = try MigrationFixtures.file(
            1, "busy", "create table public.quiet (id int);\nalter table public.busy add column note text;")

        let error = try #require(throws: MigrationError.self) {
            try db.applyMigrations([file], options: ApplyOptions(lockTimeout: .milliseconds(200)))
        }
        let text = error.description
        #expect(
            text.contains("public.busy (AccessShareLock) held by pid \(pid) (application report job, user postgres, idle in transaction"),
            "\(text)")
        #expect(text.contains("select pg_terminate_backend(\(pid));"), "\(text)")
        #expect(text.contains("run `rls apply` again"), "\(text)")
        #expect(!text.contains("fix \(file.path)") && !text.contains("Fix \(file.path)"), "\(text)")

        try holder.execute("rollback")
        #expect(try db.applyMigrations([file], options: ApplyOptions(lockTimeout: .milliseconds(200))).applied.count == 1)
    }
}
