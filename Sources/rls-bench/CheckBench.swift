import ElectricRide
import RLSCheck
import RLSDatabase

/// `rls-bench check`: a full check of the Electric Ride example and of 100 owner-only tables.
enum CheckBench {
    static func run() throws {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        print(try CheckBenchmark.measure("example", schema: ElectricRide.schema, scenarios: ElectricRide.scenarios, in: cluster))
        let owned = CheckBenchmark.ownerOnlySchema(tables: 100)
        let measurement = try CheckBenchmark.measure("owner-only", schema: owned, in: cluster)
        print(measurement)
        print("target: owner-only under 10 s: \(measurement.seconds < 10 ? "met" : "MISSED")")
    }
}
