import Foundation
import RLSCatalog
import RLSDatabase
import RLSTestSupport

/// Introspection cost at 10 and 1,000 tables (4 policies each), and the wall time of a no-op plan.
struct IntrospectionBenchmark {
    let cluster: EmbeddedCluster
    var sizes = [10, 1_000]

    func run() throws {
        print("introspection (tables with 4 policies each, an owner index, grants):")
        var largest: (url: String, sql: String)?
        for size in sizes {
            let sql = SyntheticSchema.sql(tables: size)
            let url = try cluster.createDatabase("bench_\(size)")
            let connection = try Connection(url: url)
            defer { connection.close() }
            let build = try Stopwatch.time { try connection.execute(sql) }
            let before = connection.roundTrips
            var catalog = Catalog()
            let read = try Stopwatch.time { catalog = try connection.introspectCatalog() }
            let trips = connection.roundTrips - before
            let warm = try Stopwatch.time { _ = try connection.introspectCatalog() }
            print(
                "  \(Stopwatch.pad(size, 5)) tables, \(Stopwatch.pad(catalog.policies.count, 5)) policies: "
                    + "\(trips) round trips, \(Stopwatch.ms(read)) on a new connection, \(Stopwatch.ms(warm)) again "
                    + "(database built in \(Stopwatch.ms(build)))")
            largest = (url, sql)
        }
        guard let (url, sql) = largest else { return }
        try noOpPlan(url: url, sql: sql)
    }

    /// `rls plan` with nothing to do: connect, read the target, diff against the desired catalog.
    private func noOpPlan(url: String, sql: String) throws {
        let cache = NSTemporaryDirectory() + "rls-bench-cache-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: cache) }
        print("no-op plan at \(sizes.last ?? 0) tables (connect, introspect, diff):")
        for label in ["desired state built on a throwaway database", "desired state from .rls cache"] {
            var plan = ChangePlan(changes: [])
            let wall = try Stopwatch.time {
                let connection = try Connection(url: url)
                defer { connection.close() }
                plan = try Drift.plan(target: connection, desiredSQL: sql, scratch: cluster, cacheDirectory: cache)
            }
            print("  \(Stopwatch.ms(wall)) wall, \(plan.changes.count) changes (\(label))")
        }
    }
}
