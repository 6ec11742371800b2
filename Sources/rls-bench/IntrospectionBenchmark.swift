import Foundation
import RLSCatalog
import RLSDatabase

/// Introspection cost at 10 and 1,000 tables (4 policies each), and the wall time of a no-op plan.
struct IntrospectionBenchmark {
    let cluster: EmbeddedCluster
    var sizes = [10, 1_000]

    func run() throws {
        print("introspection (tables with 4 policies each, an index, grants):")
        var largest: (connection: Connection, sql: String)?
        for size in sizes {
            let sql = SyntheticSchema.sql(tables: size)
            let connection = try Connection(url: try cluster.createDatabase("bench_\(size)"))
            let build = try time { try connection.execute(sql) }
            let before = connection.roundTrips
            var catalog = Catalog()
            let read = try time { catalog = try connection.introspectCatalog() }
            let trips = connection.roundTrips - before
            print("  \(pad(size, 5)) tables, \(pad(catalog.policies.count, 5)) policies: \(trips) round trips, "
                + "\(ms(read)) (database built in \(ms(build)))")
            largest = (connection, sql)
        }
        guard let (connection, sql) = largest else { return }
        var plan = ChangePlan(changes: [])
        let total = try time {
            plan = try Drift.plan(target: connection, desiredSQL: sql, scratch: cluster)
        }
        var desired = Catalog()
        let desiredTime = try time { desired = try Drift.desiredCatalog(sql, in: cluster) }
        var live = Catalog()
        let liveTime = try time { live = try connection.introspectCatalog() }
        let diffTime = try time { _ = ChangePlan(from: live, to: desired) }
        print("no-op plan at \(sizes.last ?? 0) tables: \(ms(total)) wall, \(plan.changes.count) changes")
        print("  of which: desired state on a throwaway database \(ms(desiredTime)), "
            + "target introspection \(ms(liveTime)), diff \(ms(diffTime))")
    }

    private func time(_ body: () throws -> Void) throws -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    private func ms(_ seconds: Double) -> String {
        String(format: "%.0f ms", seconds * 1000)
    }

    private func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
