import RLSDatabase
import RLSTestSupport
import Testing

@testable import RLSCommandLine

/// A session holding ACCESS EXCLUSIVE on a table (an ALTER TABLE left in an open transaction) used to
/// make every read command wait forever in silence. Reads now give up after the lock timeout and
/// say which table is locked, by whom, and what to do; once the lock is released they work.
@Suite("Reads give up on a held lock")
struct ReadLockTimeoutTests {
    static let memo = """
        create table public.memo (id bigint primary key, owner_id uuid not null default gen_random_uuid());
        alter table public.memo enable row level security;
        create policy "mine" on public.memo for select to authenticated using (owner_id = (select auth.uid()));
        """

    @Test func readCommandsNameTheLockAndItsHolder() throws {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.memo)
        let holder = try Connection(url: url)
        defer { holder.close() }
        try holder.execute("set application_name = 'night batch'; begin; lock table public.memo in access exclusive mode")
        let pid = try #require(try holder.query("select pg_backend_pid() as pid").first?.int("pid"))

        for command in [
            ["lint"], ["plan"], ["pull", "--output", "/nonexistent-rls-pull", "--migrations", "/nonexistent-rls-migrations"],
            ["diff", "x", "--from-database", "--migrations", "/nonexistent-rls-migrations"],
        ] {
            let result = runRLS(command + ["--lock-timeout", "200ms", "--database-url", url])
            #expect(result.code == .failure, "\(command): \(result.output)\(result.error)")
            #expect(result.error.contains("after waiting 200ms (the lock timeout) for a lock"), "\(command): \(result.error)")
            #expect(
                result.error.contains("public.memo (AccessExclusiveLock) held by pid \(pid) (application night batch, user postgres, "),
                "\(command): \(result.error)")
            #expect(result.error.contains("idle in transaction, transaction open for "), "\(command): \(result.error)")
            #expect(result.error.contains("select pg_terminate_backend(\(pid));"), "\(command): \(result.error)")
            #expect(result.error.contains("raise --lock-timeout"), "\(command): \(result.error)")
        }

        try holder.execute("rollback")
        let lint = runRLS(["lint", "--lock-timeout", "200ms", "--database-url", url])
        #expect(lint.output.contains("Linted the database"), "\(lint.output)\(lint.error)")
        #expect(!lint.error.contains("lock"), "\(lint.error)")
    }

    /// Without --lock-timeout the default (5s) holds: the read does not wait forever.
    @Test func theDefaultLockTimeoutEndsTheWait() throws {
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(Self.memo)
        let holder = try Connection(url: url)
        defer { holder.close() }
        try holder.execute("begin; lock table public.memo in access exclusive mode")
        let result = runRLS(["lint", "--database-url", url])
        #expect(result.code == .failure, "\(result.output)\(result.error)")
        #expect(result.error.contains("after waiting 5s (the lock timeout) for a lock: public.memo (AccessExclusiveLock) held by pid"))
        try holder.execute("rollback")
    }
}
