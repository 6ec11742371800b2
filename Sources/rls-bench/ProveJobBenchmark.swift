import Foundation

/// `rls-bench prove`: the `prove` job of the workflow `rls init` writes (Docs/CI.md), on the adopter
/// fixture (`Tests/AdopterFixture`), timed step by step: the build from a warm cache (a build that
/// finds everything built, as after the job's `actions/cache` restores `.build`), `rls check`, `rls
/// docs --check`, `rls lint --schema-only`. Run from the repository's root; the fixture builds into
/// `.build/adopters` as `scripts/test-adopters` does (the first build there, untimed, warms it).
struct ProveJobBenchmark {
    /// Each step's name and seconds, in order.
    var steps: [(name: String, seconds: Double)] = []
    /// The whole job: the sum of its steps.
    var total: Double { steps.reduce(0) { $0 + $1.seconds } }

    static func run() throws -> ProveJobBenchmark {
        let root = FileManager.default.currentDirectoryPath
        let fixture = root + "/Tests/AdopterFixture"
        guard FileManager.default.fileExists(atPath: fixture + "/Package.swift") else {
            throw BenchmarkFailure("no Tests/AdopterFixture under \(root): run rls-bench from the repository's root")
        }
        let scratch = root + "/.build/adopters"
        let build = ["swift", "build", "--package-path", fixture, "--scratch-path", scratch, "--product", "rls"]
        try command(build, in: root)  // warms the cache, as a restored .build would be
        let work = NSTemporaryDirectory() + "rls-bench-prove-\(getpid())"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        for folder in ["Migrations", "Docs"] {
            try FileManager.default.copyItem(atPath: fixture + "/" + folder, toPath: work + "/" + folder)
        }
        let rls = scratch + "/debug/rls"
        var result = ProveJobBenchmark()
        for (name, arguments, directory) in [
            ("swift build (warm cache)", build, root),
            ("rls check", [rls, "check", "--junit", "rls-check.xml"], work),
            ("rls docs --check", [rls, "docs", "--check"], work),
            ("rls lint --schema-only", [rls, "lint", "--schema-only"], work),
        ] {
            result.steps.append((name, try Stopwatch.time { try command(arguments, in: directory) }))
        }
        return result
    }

    /// Runs `arguments` (the first found on PATH unless absolute) in `directory`; throws with its
    /// output when it exits non-zero.
    private static func command(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DATABASE_URL")
        environment.removeValue(forKey: "RLS_BENCH_AS_RLS")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkFailure(
                "\(arguments.joined(separator: " ")) exited \(process.terminationStatus):\n"
                    + String(decoding: text.suffix(2000), as: UTF8.self))
        }
    }

    /// The lines `rls-bench prove` prints.
    var report: String {
        (["the adopter fixture's CI prove job (Tests/AdopterFixture):"]
            + steps.map { "  \($0.name.padding(toLength: 26, withPad: " ", startingAt: 0)) \(Stopwatch.ms($0.seconds))" }
            + ["  whole job                  \(Stopwatch.ms(total))"]).joined(separator: "\n")
    }
}
