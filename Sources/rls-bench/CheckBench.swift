import ElectricRide
import Foundation
import RLSCheck
import RLSDatabase

/// `rls-bench check`: a full check of the Electric Ride example (``exampleRuns`` times, each on a fresh
/// database; the median counts) and of 100 and 1,000 owner-only tables. `RLS_BENCH_CHECK_TABLES=100`
/// checks only that many owner-only tables after the example, for quick iteration (the 1,000-table
/// figure is then not summarised).
enum CheckBench {
    /// Checks of the example: one takes a fifth of a second, and single runs on a shared machine vary by a third.
    static let exampleRuns = 5

    static var tableCounts: [Int] {
        ProcessInfo.processInfo.environment["RLS_BENCH_CHECK_TABLES"].flatMap(Int.init).map { [$0] } ?? [100, 1_000]
    }

    static func run(summary: inout BenchmarkSummary) throws {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        var times: [Double] = []
        for _ in 1...exampleRuns {
            let example = try CheckBenchmark.measure("example", schema: ElectricRide.schema, scenarios: ElectricRide.scenarios, in: cluster)
            print(example)
            times.append(example.seconds)
        }
        let median = Stopwatch.median(times)
        print(
            "  example: median \(BenchmarkSummary.time(median)) of \(times.count) runs (\(times.map(BenchmarkSummary.time).joined(separator: ", ")))"
        )
        summary.add(
            "rls check of the example (median of \(exampleRuns))", BenchmarkSummary.time(median), target: "<= 150 ms", met: median <= 0.15)
        for tables in tableCounts {
            // The largest on a hosted project's shape (``SupabasePlatform``), as users have it.
            let platform = tables == tableCounts.max()
            // The figure with a target: the check and the creation it is compared with, three times each.
            let measurement = try CheckBenchmark.measure(
                platform ? "owner-only, Supabase-shaped" : "owner-only", schema: CheckBenchmark.ownerOnlySchema(tables: tables),
                in: cluster, platform: platform, runs: tables == 1_000 ? 3 : 1)
            print(measurement)
            if tables == 1_000 {
                let ratio = measurement.seconds / measurement.creationSeconds
                summary.add(
                    "rls check, 1,000 owner-only tables, Supabase-shaped / creating them with psql -1 -f (medians of 3)",
                    String(
                        format: "%.2fx (%@ / %@)", ratio, BenchmarkSummary.time(measurement.seconds),
                        BenchmarkSummary.time(measurement.creationSeconds)),
                    target: "<= 0.5x", met: ratio <= 0.5)
                summary.add(
                    "  the same check / creating them in one message",
                    String(
                        format: "%.2fx (%@ / %@)", measurement.seconds / measurement.oneMessageSeconds,
                        BenchmarkSummary.time(measurement.seconds), BenchmarkSummary.time(measurement.oneMessageSeconds)),
                    target: "", met: nil)
            }
        }
    }
}
