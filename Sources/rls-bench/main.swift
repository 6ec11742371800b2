import Foundation
import RLSCheck
import RLSCommandLine
import RLSDatabase

// The child process of `rls-bench plan`: the `rls` command line with owner-only tables as its schema.
if let tables = ProcessInfo.processInfo.environment["RLS_BENCH_AS_RLS"].flatMap(Int.init) {
    RLSCommandLine.run(schema: CheckBenchmark.ownerOnlySchema(tables: tables))
}

// rls-bench: `swift run -c release rls-bench [introspection|apply|check|plan|counts|members|prove|all]`.
// Each mode lives in its own file and prints its own lines; main dispatches, then prints every
// figure beside its target.
let modes = ["introspection", "apply", "check", "counts", "plan", "members", "prove"]
let requested = CommandLine.arguments.dropFirst().first ?? "all"
guard requested == "all" || modes.contains(requested) else {
    FileHandle.standardError.write(Data("rls-bench: unknown mode '\(requested)'; use one of: \(modes.joined(separator: ", ")), all\n".utf8))
    exit(64)
}
var summary = BenchmarkSummary()
do {
    if requested == "all" || requested == "introspection" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        try IntrospectionBenchmark(cluster: cluster).run()
    }
    if requested == "all" || requested == "apply" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        let apply = try ApplyBenchmark.run(on: cluster)
        print(apply)
        let ratio = apply.rlsSeconds / apply.psqlSeconds
        summary.add(
            // No slower than psql, the target ApplyBenchmark's own line names too.
            "rls apply of \(apply.statements) statements / psql -1 -f", String(format: "%.2fx", ratio), target: "<= 1.0x", met: ratio <= 1.0
        )
    }
    if requested == "all" || requested == "check" {
        try CheckBench.run(summary: &summary)
    }
    if requested == "all" || requested == "members" {
        try MembershipBench.run()
    }
    if requested == "all" || requested == "plan" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        // The plain target and a hosted project's shape, side by side (RLS_BENCH_PLAN_SHAPE picks one).
        let wanted = ProcessInfo.processInfo.environment["RLS_BENCH_PLAN_SHAPE"]
        let shapes = PlanBenchmark.Shape.allCases.filter { shape in wanted.map { shape.rawValue.lowercased().hasPrefix($0) } ?? true }
        for shape in shapes {
            let plan = try PlanBenchmark.run(on: cluster, shape: shape)
            print(plan.report)
            plan.summarize(into: &summary)
        }
    }
    if requested == "all" || requested == "counts" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        let counts = try WelcomeCountBenchmark.run(on: cluster)
        print(counts)
        counts.summarize(into: &summary)
    }
    if requested == "all" || requested == "prove" {
        let prove = try ProveJobBenchmark.run()
        print(prove.report)
        summary.add(
            "the adopter fixture's CI prove job (warm build, check, docs --check, lint)", BenchmarkSummary.time(prove.total), target: "-",
            met: nil)
    }
    print(summary.text)
} catch {
    print(summary.text)
    FileHandle.standardError.write(Data("rls-bench: \(error)\n".utf8))
    exit(1)
}
