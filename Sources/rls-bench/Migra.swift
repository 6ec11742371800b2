import Foundation

/// migra (the schema differ the Supabase CLI used for `db diff`), installed from PyPI into a private
/// virtual environment under the cache directory, to time it on the same databases as `rls plan`.
/// Unavailable (no python3 with venv, no network) means skipped with a note, never a failed run.
enum Migra {
    /// `~/.cache/rls-bench/migra-venv` (or `$XDG_CACHE_HOME/rls-bench/migra-venv`).
    static var environment: String {
        let cache =
            ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
            ?? (NSHomeDirectory() as NSString).appendingPathComponent(".cache")
        return (cache as NSString).appendingPathComponent("rls-bench/migra-venv")
    }

    /// The migra executable, installing it first when needed; or why it is not available.
    static func executable() -> Result<String, BenchmarkFailure> {
        let migra = environment + "/bin/migra"
        if FileManager.default.isExecutableFile(atPath: migra) { return .success(migra) }
        guard let python = which("python3") else { return .failure(BenchmarkFailure("no python3 on PATH")) }
        guard run(python, ["-m", "venv", environment]) == 0 else {
            return .failure(BenchmarkFailure("python3 -m venv failed (install python3-venv)"))
        }
        guard run(environment + "/bin/pip", ["install", "--quiet", "migra", "psycopg2-binary"]) == 0 else {
            return .failure(BenchmarkFailure("pip install migra failed (no network, or no wheel for this Python)"))
        }
        return FileManager.default.isExecutableFile(atPath: migra) ? .success(migra) : .failure(BenchmarkFailure("migra did not install"))
    }

    /// Seconds of `migra --unsafe FROM TO` as a whole process. migra exits 2 when the databases differ.
    static func time(_ migra: String, from: String, to: String) throws -> Double {
        var status: Int32 = 0
        let seconds = try Stopwatch.time { status = run(migra, ["--unsafe", from, to]) }
        guard status == 0 || status == 2 else { throw BenchmarkFailure("migra exited \(status)") }
        return seconds
    }

    private static func which(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a process with its output discarded; its exit status (127 when it cannot start).
    private static func run(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return 127 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
