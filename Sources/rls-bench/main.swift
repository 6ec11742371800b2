import Foundation
import RLSDatabase

// rls-bench: `swift run -c release rls-bench`. Each part prints its own lines.
// `rls-bench check` times `rls check` instead (CheckBench.swift).
do {
    if CommandLine.arguments.dropFirst().first == "check" {
        try CheckBench.run()
        exit(0)
    }
    let cluster = try EmbeddedCluster.start()
    defer { cluster.stop() }
    try IntrospectionBenchmark(cluster: cluster).run()
} catch {
    FileHandle.standardError.write(Data("rls-bench: \(error)\n".utf8))
    exit(1)
}
