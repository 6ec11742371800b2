import Foundation
import RLSCheck
import RLSDatabase
import RLSSQL

/// `rls-bench plan`: `rls plan` as a whole process (started, run, exited) on a database with
/// `tables` owner-only tables (4 policies each), built from the same DSL the process plans against.
///
/// The child is this executable with `RLS_BENCH_AS_RLS=<tables>` in its environment: it then runs
/// the `rls` command line with that many owner-only tables as its compiled-in schema (see main).
/// Figures: the median no-op plan (desired state cached under .rls/cache), the median first plan
/// after a schema change (one more table: its desired state is not cached, the one before it is,
/// and a scratch cluster starts), and a plan with a pending migration file of about 50 MB.
struct PlanBenchmark {
    /// What the target database holds besides the tables under test.
    enum Shape: String, CaseIterable {
        /// The embedded cluster's minimal Supabase shape (`auth.users`, two storage tables, `realtime.messages`).
        case plain
        /// A hosted project's platform schemas at their real sizes (``SupabasePlatform``).
        case supabase = "Supabase-shaped"
    }

    /// Which target this is.
    var shape: Shape = .plain
    /// Median seconds of a no-op plan.
    var noOp: Double = 0
    /// Every no-op run, in seconds.
    var noOpRuns: [Double] = []
    /// Every first plan with no `.rls/cache` at all (a fresh CI runner), in seconds.
    var coldRuns: [Double] = []
    /// Median of ``coldRuns``.
    var cold: Double { Stopwatch.median(coldRuns) }
    /// Median seconds of the first plan after a schema change.
    var firstAfterChange: Double = 0
    /// Every first plan after a change, in seconds: each adds one more table to the schema.
    var firstAfterChangeRuns: [Double] = []
    /// Seconds of a plan with a pending 50 MB file, and the file's size in bytes.
    var largePending: (seconds: Double, bytes: Int)?
    /// In-process seconds to read and checksum that file (MigrationDirectory), then to split it into statements.
    var largeFileCost: (read: Double, split: Double, statements: Int)?
    /// In-process seconds of the SHA-256 a no-op plan computes over the schema's rendering (the
    /// desired state's cache key; median of 5), and the rendering's size in bytes.
    var renderingDigest: (seconds: Double, bytes: Int)?
    /// Tables in the schema.
    let tables: Int
    /// The database both `rls plan` and migra read.
    let url: String
    /// The database that holds one more table than `url` (for migra's comparison of two databases).
    let changedURL: String
    /// A second database with the same tables as `url` (migra's no-op pair).
    let sameURL: String
    /// migra's seconds on (url, sameURL) and (url, changedURL), or why it did not run.
    var migra: Result<(noOp: Double, changed: Double), BenchmarkFailure> = .failure(BenchmarkFailure("not run"))

    static func run(
        on cluster: EmbeddedCluster, shape: Shape = .plain, tables: Int = 1_000, runs: Int = 7, largeFileBytes: Int = 50_000_000
    ) throws -> PlanBenchmark {
        let prefix = "bench_plan_\(shape == .plain ? "plain" : "supabase")_\(getpid())"
        var urls: [String] = []
        for (name, count) in [(prefix, tables), (prefix + "_changed", tables + 1), (prefix + "_same", tables)] {
            let url = try cluster.createDatabase(name)
            if shape == .supabase { try SupabasePlatform.apply(to: name, in: cluster) }
            let connection = try Connection(url: url)
            defer { connection.close() }
            try connection.execute("begin;\n" + render(CheckBenchmark.ownerOnlySchema(tables: count)) + "\ncommit;")
            urls.append(url)
        }
        let (url, changedURL, sameURL) = (urls[0], urls[1], urls[2])
        let project = NSTemporaryDirectory() + "rls-bench-plan-\(getpid())"
        let cache = project + "/.rls/cache"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: project) }

        var result = PlanBenchmark(shape: shape, tables: tables, url: url, changedURL: changedURL, sameURL: sameURL)
        let rendering = render(CheckBenchmark.ownerOnlySchema(tables: tables))
        result.renderingDigest = (
            Stopwatch.median(try (0..<5).map { _ in try Stopwatch.time { _ = SHA256.hexDigest(of: rendering.utf8) } }), rendering.utf8.count
        )
        let only = ProcessInfo.processInfo.environment["RLS_BENCH_PLAN_ONLY"]
        // A fresh CI runner: nothing under .rls/cache, the desired state built whole (3 runs, each from nothing).
        if only == nil || only == "cold" {
            result.coldRuns = try (0..<3).map { _ in
                try? FileManager.default.removeItem(atPath: cache)
                return try plan(tables: tables, url: url, in: project, expecting: 0)
            }
        } else {
            _ = try plan(tables: tables, url: url, in: project, expecting: 0)  // fills .rls/cache
        }
        // RLS_BENCH_PLAN_ONLY=cold, noop or large measures only that part, for quick work on it.
        if only == nil || only == "noop" {
            result.noOpRuns = try (0..<runs).map { _ in try plan(tables: tables, url: url, in: project, expecting: 0) }
            result.noOp = Stopwatch.median(result.noOpRuns)
        }
        if only == nil {
            // Each run adds one more table to the schema the run before planned (cached by it): the
            // edit a user makes, then plans.
            result.firstAfterChangeRuns = try (1...3).map { try plan(tables: tables + $0, url: url, in: project, expecting: 2) }
            result.firstAfterChange = Stopwatch.median(result.firstAfterChangeRuns)
        }
        if only == nil || only == "noop" {
            result.migra = Migra.executable().flatMap { migra in
                Result {
                    // SQLAlchemy, under migra, wants postgresql://, with the psycopg2 driver installed beside it.
                    func alchemy(_ url: String) -> String { url.replacingOccurrences(of: "postgres://", with: "postgresql+psycopg2://") }
                    let noOp = Stopwatch.median(try (0..<3).map { _ in try Migra.time(migra, from: alchemy(url), to: alchemy(sameURL)) })
                    let changed = try Migra.time(migra, from: alchemy(url), to: alchemy(changedURL))
                    return (noOp, changed)
                }.mapError { $0 as? BenchmarkFailure ?? BenchmarkFailure("\($0)") }
            }
        }

        guard largeFileBytes > 0, only == nil || only == "large" else { return result }
        let migrations = project + "/Migrations"
        try FileManager.default.createDirectory(atPath: migrations, withIntermediateDirectories: true)
        let sql = largeMigration(bytes: largeFileBytes)
        try sql.write(toFile: migrations + "/20260101000000_seed.sql", atomically: true, encoding: .utf8)
        result.largePending = (try plan(tables: tables, url: url, in: project, expecting: 2), sql.utf8.count)
        var files: [MigrationFile] = []
        let read = try Stopwatch.time { files = try MigrationDirectory(path: migrations).files() }
        var statements = 0
        let split = try Stopwatch.time { statements = files.reduce(0) { $0 + $1.statements.count } }
        result.largeFileCost = (read, split, statements)
        return result
    }

    /// Runs `rls plan --exit-code` as a child process; returns its wall time in seconds.
    private static func plan(tables: Int, url: String, in directory: String, expecting code: Int32) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        if !process.executableURL!.path.hasPrefix("/") || !FileManager.default.fileExists(atPath: process.executableURL!.path) {
            process.executableURL = URL(fileURLWithPath: ProcessInfo.processInfo.arguments[0])
        }
        process.arguments = ["plan", "--exit-code", "--database-url", url]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["RLS_BENCH_AS_RLS"] = String(tables)
        environment.removeValue(forKey: "DATABASE_URL")
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let seconds = try Stopwatch.time {
            try process.run()
            let text = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            guard process.terminationStatus == code else {
                throw BenchmarkFailure(
                    "rls plan exited \(process.terminationStatus), expected \(code):\n"
                        + String(decoding: text.suffix(2000), as: UTF8.self))
            }
        }
        return seconds
    }

    /// A data migration of about `bytes` bytes: a table and multi-row inserts into it.
    static func largeMigration(bytes: Int) -> String {
        var sql = "create table public.seed_data (id bigint primary key, payload text not null);\n"
        sql.reserveCapacity(bytes + 100_000)
        let payload = String(repeating: "lorem ipsum dolor sit amet ", count: 3)
        var id = 0
        while sql.utf8.count < bytes {
            sql += "insert into public.seed_data (id, payload) values\n"
            for row in 0..<500 {
                id += 1
                sql += "  (\(id), 'row \(id): \(payload)')" + (row == 499 ? ";\n" : ",\n")
            }
        }
        return sql
    }
}

extension PlanBenchmark {
    /// `123 ms (median of 3: 120 ms, 123 ms, 130 ms)`.
    private static func runs(_ times: [Double]) -> String {
        "median \(Stopwatch.ms(Stopwatch.median(times))) of \(times.count) runs (\(times.map { Stopwatch.ms($0) }.joined(separator: ", ")))"
    }

    /// The lines `rls-bench plan` prints.
    var report: String {
        var lines = ["rls plan as a whole process at \(tables) owner-only tables, \(tables * 4) policies, \(shape.rawValue) target:"]
        if shape == .supabase { lines.append("  (platform: \(SupabasePlatform.summary))") }
        if !coldRuns.isEmpty { lines.append("  first plan with no .rls/cache (a fresh CI runner): \(Self.runs(coldRuns))") }
        if !noOpRuns.isEmpty { lines.append("  no-op, desired state cached: \(Self.runs(noOpRuns))") }
        if let renderingDigest {
            lines.append(
                "    of which, in-process: the SHA-256 of the schema's \(renderingDigest.bytes / 1_000) kB rendering (the cache key) "
                    + String(format: "%.1f ms", renderingDigest.seconds * 1000))
        }
        if !firstAfterChangeRuns.isEmpty {
            lines.append(
                "  first plan after a schema change (one more table; the schema before it cached): \(Self.runs(firstAfterChangeRuns))")
        }
        if let largePending {
            lines.append("  with a pending \(largePending.bytes / 1_000_000) MB migration file: \(Stopwatch.ms(largePending.seconds))")
        }
        if let cost = largeFileCost {
            lines.append(
                "    of which, in-process: reading and checksumming the file \(Stopwatch.ms(cost.read)), "
                    + "splitting it into \(cost.statements) statements (SQLScanner) \(Stopwatch.ms(cost.split))")
        }
        switch migra {
        case .success(let migra):
            lines.append(
                "  migra --unsafe on the same databases: \(Stopwatch.ms(migra.noOp)) identical (median of 3), "
                    + "\(Stopwatch.ms(migra.changed)) with one more table")
        case .failure(let reason):
            lines.append("  migra: skipped (\(reason))")
        }
        return lines.joined(separator: "\n")
    }

    /// This run's figures beside the issue's targets.
    func summarize(into summary: inout BenchmarkSummary) {
        let target = shape.rawValue
        if !coldRuns.isEmpty {
            summary.add(
                "first rls plan, no .rls/cache, \(target) (median)", BenchmarkSummary.time(cold), target: "<= 2 s", met: cold <= 2)
        }
        if !noOpRuns.isEmpty {
            summary.add(
                "no-op rls plan, \(tables) tables, \(target) (median)", BenchmarkSummary.time(noOp), target: "<= 250 ms",
                met: noOp <= 0.25)
            switch migra {
            case .success(let migra):
                let ratio = migra.noOp / noOp
                summary.add(
                    "  migra on the same databases / rls plan",
                    String(format: "%.1fx (migra %@)", ratio, BenchmarkSummary.time(migra.noOp)),
                    target: ">= 10x", met: ratio >= 10)
            case .failure(let reason):
                summary.add("  migra on the same databases / rls plan", "skipped: \(reason)", target: ">= 10x", met: nil)
            }
        }
        if !firstAfterChangeRuns.isEmpty {
            summary.add(
                "first rls plan after a schema change, \(target) (median)", BenchmarkSummary.time(firstAfterChange), target: "<= 2 s",
                met: firstAfterChange <= 2)
        }
        if let largePending {
            summary.add(
                "rls plan with a pending \(largePending.bytes / 1_000_000) MB file, \(target)", BenchmarkSummary.time(largePending.seconds),
                target: "<= 5 s", met: largePending.seconds <= 5)
        }
    }
}
