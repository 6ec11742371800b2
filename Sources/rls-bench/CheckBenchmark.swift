import Foundation
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL

/// Times full checks on a throwaway embedded cluster: `rls-bench check` prints these lines.
enum CheckBenchmark {
    /// One timed check.
    struct Measurement: Sendable, CustomStringConvertible {
        /// What was checked.
        var name: String
        /// Tables probed.
        var tables: Int
        /// Probes run.
        var probes: Int
        /// Server round trips the check made on its first connection.
        var roundTrips: Int
        /// Table probes per connection (`rls check --connections`).
        var probesByConnection: [Int]
        /// Seconds the check took (the schema was applied before the clock started).
        var seconds: Double
        /// Seconds creating the tables took with `psql -1 -f` (each statement its own round trip, in
        /// one transaction), as issue 36 measured it: the figure the check's target compares with.
        var creationSeconds: Double
        /// Seconds creating them took as one message of the whole script (every statement in one
        /// round trip, in one transaction), on another database of the same shape: the fastest way
        /// the server can create them, printed beside.
        var oneMessageSeconds: Double
        /// Whether every probe matched.
        var passed: Bool

        /// `example (11 tables): 577 probes (301 + 276 on 2 connections), 70 round trips, 0.21 s, passed`.
        var description: String {
            let split =
                probesByConnection.count > 1
                ? " (\(probesByConnection.map(String.init).joined(separator: " + ")) on \(probesByConnection.count) connections)" : ""
            return "\(name) (\(tables) tables): \(probes) probes\(split), \(roundTrips) round trips, "
                + String(format: "%.2f s", seconds) + (passed ? ", passed" : ", FAILED")
                + String(
                    format: " (creating them: psql -1 -f %.2f s, %.2fx; in one message %.2f s, %.2fx)", creationSeconds,
                    seconds / creationSeconds, oneMessageSeconds, seconds / oneMessageSeconds)
        }
    }

    /// `count` tables, each owned through `owner_id` for every operation (4 personas × 4 operations each).
    static func ownerOnlySchema(tables count: Int) -> Schema {
        Schema(
            elements: (1...count).map { index in
                .table(
                    Table("owned_\(index)") {
                        Column("id", .bigint).identity().primaryKey()
                        Column("owner_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
                        Column("title", .text)
                        Column("created_at", .timestamptz).default(.now)
                    }.access(.owner(column: "owner_id")))
            })
    }

    /// Applies `schema` to a fresh database in `cluster` (Supabase-shaped with `platform`: see
    /// ``SupabasePlatform``), timed, then times one full check of it.
    static func measure(
        _ name: String, schema: Schema, scenarios: [Scenario] = [], in cluster: EmbeddedCluster, platform: Bool = false
    ) throws -> Measurement {
        let database = "bench_check_\(UInt32.random(in: 0...UInt32.max))"
        let url = try cluster.createDatabase(database)
        if platform { try SupabasePlatform.apply(to: database, in: cluster) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(database).sql").path
        try render(schema).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let psql = try Psql.path()
        let creation = try Stopwatch.time { try Psql.runFile(file, url: url, psql: psql) }
        let oneMessage = try Self.createdInOneMessage(schema, in: cluster, platform: platform)
        let connection = try Connection(url: url)
        defer { connection.close() }
        let before = connection.roundTrips
        let started = Date()
        let report = try AccessCheck.run(schema, scenarios: scenarios, on: connection)
        return Measurement(
            name: name, tables: report.tables.count, probes: report.results.count,
            roundTrips: connection.roundTrips - before, probesByConnection: report.probesByConnection,
            seconds: Date().timeIntervalSince(started), creationSeconds: creation, oneMessageSeconds: oneMessage, passed: report.passed)
    }

    /// Seconds creating `schema` takes as one message, on a fresh database of the same shape (dropped after).
    private static func createdInOneMessage(_ schema: Schema, in cluster: EmbeddedCluster, platform: Bool) throws -> Double {
        let database = "bench_check_one_\(UInt32.random(in: 0...UInt32.max))"
        let url = try cluster.createDatabase(database)
        defer { try? cluster.dropDatabase(database) }
        if platform { try SupabasePlatform.apply(to: database, in: cluster) }
        let connection = try Connection(url: url)
        defer { connection.close() }
        let sql = "begin;\n" + render(schema) + "\ncommit;"
        return try Stopwatch.time { try connection.execute(sql) }
    }
}
