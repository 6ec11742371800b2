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
        /// Seconds the check took (the schema was applied before the clock started): the median of ``checkRuns``.
        var seconds: Double { Stopwatch.median(checkRuns) }
        /// Seconds creating the tables took with `psql -1 -f` (each statement its own round trip, in
        /// one transaction), as issue 36 measured it: the figure the check's target compares with.
        /// The median of ``creationRuns``.
        var creationSeconds: Double { Stopwatch.median(creationRuns) }
        /// Each check's seconds, on the same database (each check rolls back).
        var checkRuns: [Double]
        /// Each creation's seconds, each on a fresh database of the same shape.
        var creationRuns: [Double]
        /// Seconds creating them took as one message of the whole script (every statement in one
        /// round trip, in one transaction), on another database of the same shape: the fastest way
        /// the server can create them, printed beside.
        var oneMessageSeconds: Double
        /// Whether every probe matched.
        var passed: Bool

        /// `example (11 tables): 577 probes (301 + 276 on 2 connections), 70 round trips, 0.21 s, passed`,
        /// with every run's figure after a median of several.
        var description: String {
            let split =
                probesByConnection.count > 1
                ? " (\(probesByConnection.map(String.init).joined(separator: " + ")) on \(probesByConnection.count) connections)" : ""
            func figure(_ median: Double, _ runs: [Double]) -> String {
                String(format: "%.2f s", median)
                    + (runs.count > 1 ? " (median of \(runs.map { String(format: "%.2f", $0) }.joined(separator: ", ")))" : "")
            }
            return "\(name) (\(tables) tables): \(probes) probes\(split), \(roundTrips) round trips, "
                + figure(seconds, checkRuns) + (passed ? ", passed" : ", FAILED")
                + " (creating them: psql -1 -f \(figure(creationSeconds, creationRuns)), "
                + String(
                    format: "%.2fx; in one message %.2f s, %.2fx)", seconds / creationSeconds, oneMessageSeconds,
                    seconds / oneMessageSeconds)
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
    /// ``SupabasePlatform``), timed, then times one full check of it. With `runs` above 1, the
    /// creation is timed on that many fresh databases and the check run that many times on the
    /// first, each on a new connection, and the medians count: a single creation of 1,000 tables moved from 3.5 s to 4.7 s
    /// between runs on one quiet machine.
    static func measure(
        _ name: String, schema: Schema, scenarios: [Scenario] = [], in cluster: EmbeddedCluster, platform: Bool = false, runs: Int = 1
    ) throws -> Measurement {
        let database = "bench_check_\(UInt32.random(in: 0...UInt32.max))"
        let url = try cluster.createDatabase(database)
        if platform { try SupabasePlatform.apply(to: database, in: cluster) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(database).sql").path
        try render(schema).write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let psql = try Psql.path()
        var creations = [try Stopwatch.time { try Psql.runFile(file, url: url, psql: psql) }]
        for _ in 1..<max(runs, 1) {
            let other = "bench_check_\(UInt32.random(in: 0...UInt32.max))"
            let otherURL = try cluster.createDatabase(other)
            defer { try? cluster.dropDatabase(other) }
            if platform { try SupabasePlatform.apply(to: other, in: cluster) }
            creations.append(try Stopwatch.time { try Psql.runFile(file, url: otherURL, psql: psql) })
        }
        let oneMessage = try Self.createdInOneMessage(schema, in: cluster, platform: platform)
        var checks: [Double] = []
        var failed: CheckReport?
        var last: CheckReport?
        var roundTrips = 0
        for _ in 1...max(runs, 1) {
            // A connection of its own, as each `rls check` has: a second check on the first one's
            // connection found its caches warm and ran a tenth faster.
            let connection = try Connection(url: url)
            defer { connection.close() }
            let before = connection.roundTrips
            let started = Date()
            let report = try AccessCheck.run(schema, scenarios: scenarios, on: connection)
            checks.append(Date().timeIntervalSince(started))
            roundTrips = connection.roundTrips - before
            if !report.passed, failed == nil { failed = report }
            last = report
        }
        // Every run must pass for the figure to count as passed.
        let report = failed ?? last!
        return Measurement(
            name: name, tables: report.tables.count, probes: report.results.count, roundTrips: roundTrips,
            probesByConnection: report.probesByConnection, checkRuns: checks, creationRuns: creations, oneMessageSeconds: oneMessage,
            passed: report.passed)
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
