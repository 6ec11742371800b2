import Foundation
import RLSCheck
import RLSCommandLine
import RLSDatabase

// The child process of `rls-bench plan`: the `rls` command line with owner-only tables as its schema.
if let tables = ProcessInfo.processInfo.environment["RLS_BENCH_AS_RLS"].flatMap(Int.init) {
    RLSCommandLine.run(schema: CheckBenchmark.ownerOnlySchema(tables: tables))
}

// rls-bench: `swift run -c release rls-bench [introspection|apply|check|counts|all]`.
// Each mode lives in its own file and prints its own lines; main only dispatches.
let modes = ["introspection", "apply", "check", "counts", "plan"]
let requested = CommandLine.arguments.dropFirst().first ?? "all"
guard requested == "all" || modes.contains(requested) else {
    FileHandle.standardError.write(Data("rls-bench: unknown mode '\(requested)'; use one of: \(modes.joined(separator: ", ")), all\n".utf8))
    exit(64)
}
do {
    if requested == "all" || requested == "introspection" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        try IntrospectionBenchmark(cluster: cluster).run()
    }
    if requested == "all" || requested == "apply" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        print(try ApplyBenchmark.run(on: cluster))
    }
    if requested == "all" || requested == "check" {
        try CheckBench.run()
    }
    if requested == "all" || requested == "plan" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        print(try PlanBenchmark.run(on: cluster).report)
    }
    if requested == "all" || requested == "counts" {
        let cluster = try EmbeddedCluster.start()
        defer { cluster.stop() }
        print(try WelcomeCountBenchmark.run(on: cluster))
    }
} catch {
    FileHandle.standardError.write(Data("rls-bench: \(error)\n".utf8))
    exit(1)
}
