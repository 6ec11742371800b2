import Foundation
import RLSDatabase

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
