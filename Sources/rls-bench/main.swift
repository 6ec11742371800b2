import Foundation
import RLSDatabase

// rls-bench: `swift run -c release rls-bench [introspection|apply|check|members|all]`.
// Each mode lives in its own file and prints its own lines; main only dispatches.
let modes = ["introspection", "apply", "check", "members"]
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
    if requested == "all" || requested == "members" {
        try MembershipBench.run()
    }
} catch {
    FileHandle.standardError.write(Data("rls-bench: \(error)\n".utf8))
    exit(1)
}
