import Foundation
import RLSDatabase
import Synchronization

/// Small in-memory migration files for tests.
enum MigrationFixtures {
    /// A migration `20260101000000 + number` with `sql` as its contents.
    static func file(_ number: Int, _ name: String, _ sql: String) throws -> MigrationFile {
        let version = String(20_260_101_000_000 + number)
        let fileName = "\(version)_\(name).sql"
        return try MigrationFile(fileName: fileName, path: "Migrations/\(fileName)", contents: sql)
    }

    /// Whether a relation exists, by qualified name.
    static func exists(_ relation: String, on connection: Connection) throws -> Bool {
        try connection.query("select to_regclass($1) is not null as found", [relation]).rows[0].bool("found")
    }

    /// The versions recorded in the Supabase history table; empty when it does not exist.
    static func historyVersions(on connection: Connection) throws -> [String] {
        guard try exists("supabase_migrations.schema_migrations", on: connection) else { return [] }
        return try connection.query("select version from supabase_migrations.schema_migrations order by version")
            .rows.map { try $0.string("version") }
    }
}

extension MigrationFixtures {
    /// Runs each body on its own thread, all at once, and returns when all have finished.
    /// (`DispatchQueue.concurrentPerform` may run them one after another on a small machine.)
    static func runTogether(_ bodies: [@Sendable () -> Void]) {
        let group = DispatchGroup()
        for body in bodies {
            group.enter()
            Thread {
                body()
                group.leave()
            }.start()
        }
        group.wait()
    }
}

extension MigrationFixtures {
    /// A table another connection holds locked, so that a migration reading it waits at that point
    /// until the test opens the gate: concurrency tests order their steps by what the server shows,
    /// never by sleeping and hoping the other thread got there first.
    final class Gate: Sendable {
        /// The statement a migration runs to wait at the gate.
        static let wait = "select count(*) from public.gate;"
        private let holder: Mutex<Connection>
        private let url: String

        /// Creates `public.gate` and takes an exclusive lock on it in an open transaction.
        init(url: String) throws {
            self.url = url
            let connection = try Connection(url: url)
            try connection.execute("create table public.gate (id int)")
            try connection.execute("begin; lock table public.gate in access exclusive mode")
            holder = Mutex(connection)
        }

        /// Waits (up to a minute) until some other connection waits for the gate's lock.
        func waitUntilSomeoneWaits() -> Bool {
            guard let observer = try? Connection(url: url) else { return false }
            defer { observer.close() }
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let waiting = try? observer.query(
                    """
                    select count(*) as n from pg_locks
                    where locktype = 'relation' and not granted and relation = 'public.gate'::regclass
                    """
                ).rows[0].int("n")
                if let waiting, waiting > 0 { return true }
                Thread.sleep(forTimeInterval: 0.02)
            }
            return false
        }

        /// Lets whoever waits at the gate go on.
        func open() {
            holder.withLock { _ = try? $0.execute("rollback") }
        }
    }
}
