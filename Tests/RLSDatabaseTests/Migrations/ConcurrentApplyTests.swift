import Foundation
import RLSDatabase
import RLSTestSupport
import Synchronization
import Testing

@Suite("Two applies at once, and an apply cut off halfway")
struct ConcurrentApplyTests {
    @Test("Two applies started together apply each file exactly once; the second waits for the lock")
    func twoAppliesTogether() throws {
        let (url, _) = try TestDatabase.make()
        let gate = try MigrationFixtures.Gate(url: url)
        defer { gate.open() }
        let files = [
            try MigrationFixtures.file(
                1, "log", "create table public.apply_log (n int);\ninsert into public.apply_log values (1);\n" + MigrationFixtures.Gate.wait
            ),
            try MigrationFixtures.file(2, "more", "insert into public.apply_log values (2);"),
            try MigrationFixtures.file(3, "last", "create table public.last (id int);"),
        ]
        let outcomes = Mutex<[String: Result<[String], MigrationError>]>([:])
        let sawWaiter = Mutex(false)
        @Sendable func apply(_ label: String) {
            do {
                let connection = try Connection(url: url)
                let applied = try connection.applyMigrations(files).applied.map(\.version)
                outcomes.withLock { $0[label] = .success(applied) }
            } catch let error as MigrationError {
                outcomes.withLock { $0[label] = .failure(error) }
            } catch {
                outcomes.withLock { $0[label] = .failure(.database(action: "connect", message: "\(error)", state: nil, hint: nil)) }
            }
        }
        // The first apply holds the apply lock while it waits at the gate; only then does the second
        // start, and the gate opens once the server shows the second waiting for the lock.
        MigrationFixtures.runTogether([
            { apply("first") },
            {
                guard gate.waitUntilSomeoneWaits() else { return gate.open() }
                MigrationFixtures.runTogether([
                    { apply("second") },
                    {
                        if let observer = try? Connection(url: url) {
                            sawWaiter.withLock { $0 = Self.waitForBlockedApply(on: observer) }
                        }
                        gate.open()
                    },
                ])
            },
        ])
        let results = outcomes.withLock { $0 }.mapValues { try? $0.get() }
        #expect(results["first"] == files.map(\.version))
        #expect(results["second"] == [], "the second apply finds everything applied once it gets the lock")
        #expect(sawWaiter.withLock { $0 }, "the second apply should have waited on the advisory lock")
        let db = try Connection(url: url)
        #expect(try db.query("select n from public.apply_log order by n").rows.map { $0["n"] } == ["1", "2"])
        #expect(try MigrationFixtures.historyVersions(on: db) == files.map(\.version))
    }

    @Test("An apply that cannot get the lock within lockWait gives up, says why, and changes nothing")
    func lockBusy() throws {
        let (url, db) = try TestDatabase.make()
        let holder = try Connection(url: url)
        try holder.execute("begin; select pg_advisory_xact_lock(\(MigrationLock.key))")
        defer { try? holder.execute("rollback") }
        let file = try MigrationFixtures.file(1, "a", "create table public.a (id int);")
        let error = try #require(throws: MigrationError.self) {
            try db.applyMigrations([file], options: ApplyOptions(lockWait: .milliseconds(300)))
        }
        #expect("\(error)".contains("another rls apply has held it for more than 0.3 s"))
        #expect(try !MigrationFixtures.exists("public.a", on: db))
    }

    @Test("While an apply runs, the history stays readable: plan and the Supabase CLI are not locked out")
    func historyReadableDuringApply() throws {
        let (url, db) = try TestDatabase.make()
        let first = try MigrationFixtures.file(1, "first", "create table public.first (id int);")
        try db.applyMigrations([first])
        let gate = try MigrationFixtures.Gate(url: url)
        defer { gate.open() }
        let slow = try MigrationFixtures.file(2, "slow", "create table public.slow (id int);\n" + MigrationFixtures.Gate.wait)
        let applied = Mutex<[String]>([])
        let seenPending = Mutex<[String]?>(nil)
        MigrationFixtures.runTogether([
            {
                guard let connection = try? Connection(url: url),
                    let result = try? connection.applyMigrations([first, slow])
                else { return }
                applied.withLock { $0 = result.applied.map(\.version) }
            },
            {
                // The apply is in flight, inside its transaction, waiting at the gate.
                defer { gate.open() }
                guard gate.waitUntilSomeoneWaits(), let reader = try? Connection(url: url) else { return }
                try? reader.execute("set lock_timeout = '300ms'")
                let status = try? reader.migrationStatus([first, slow])
                seenPending.withLock { $0 = status?.pending.map(\.version) }
            },
        ])
        #expect(seenPending.withLock { $0 } == [slow.version], "the in-flight apply is not visible and does not block")
        #expect(applied.withLock { $0 } == [slow.version])
    }

    /// Polls `pg_locks` for an advisory lock request on our key that is not granted.
    private static func waitForBlockedApply(on connection: Connection) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            let waiting = try? connection.query(
                """
                select count(*) as n from pg_locks
                where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())
                  and classid::bigint = $1 and objid::bigint = $2
                """, [Int(MigrationLock.key >> 32), Int(MigrationLock.key & 0xffff_ffff)]
            ).rows[0].int("n")
            if let waiting, waiting > 0 { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    @Test("An apply whose connection is killed halfway leaves no object and no history row")
    func killedHalfway() throws {
        let (url, db) = try TestDatabase.make()
        let files = [
            try MigrationFixtures.file(1, "first", "create table public.first (id int);"),
            try MigrationFixtures.file(2, "second", "create table public.second (id int);\nselect pg_sleep(30);"),
            try MigrationFixtures.file(3, "third", "create table public.third (id int);"),
        ]
        let outcome = Mutex<MigrationError?>(nil)
        let killed = Mutex(false)
        MigrationFixtures.runTogether([
            {
                do {
                    let connection = try Connection(url: url)
                    _ = try connection.applyMigrations(files)
                } catch {
                    outcome.withLock { $0 = error as? MigrationError }
                }
            },
            { killed.withLock { $0 = Self.terminateSleepingApply(url: url) } },
        ])
        #expect(killed.withLock { $0 }, "the apply's backend should have been found and terminated")
        let error = try #require(outcome.withLock { $0 })
        #expect("\(error)".contains("Nothing was applied") || "\(error)".contains("terminat"))
        for table in ["public.first", "public.second", "public.third"] {
            #expect(try !MigrationFixtures.exists(table, on: db), "\(table) should not exist")
        }
        #expect(try MigrationFixtures.historyVersions(on: db).isEmpty)
        let heldLocks = try db.query(
            """
            select count(*) as n from pg_locks
            where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
            """
        ).rows[0].int("n")
        #expect(heldLocks == 0)
        // The next apply finds the same three files pending.
        #expect(try db.migrationStatus(files).pending == files)
    }

    /// Waits until a backend of this database runs the `pg_sleep(30)` script, then terminates it as a
    /// crashed client would leave it: the server rolls the open transaction back.
    private static func terminateSleepingApply(url: String) -> Bool {
        guard let killer = try? Connection(url: url) else { return false }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let terminated = try? killer.query(
                """
                select pg_terminate_backend(pid) as done from pg_stat_activity
                where datname = current_database() and pid <> pg_backend_pid() and query like '%pg_sleep(30)%'
                """
            ).rows.first?.bool("done")
            if terminated == true { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }
}
