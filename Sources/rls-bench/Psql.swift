import Foundation

/// Runs `psql -X -q -1 -v ON_ERROR_STOP=1 -f`, the way the issues measure "creating them" and apply
/// times: each statement of the file its own round trip, in one transaction.
enum Psql {
    /// `psql` on the PATH, else Debian's PostgreSQL 15 client.
    static func path() throws -> String {
        let candidates =
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/psql" }
            + ["/usr/lib/postgresql/15/bin/psql"]
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw BenchmarkFailure("psql was not found; install the Debian package postgresql-client")
        }
        return found
    }

    /// Runs `file` in one transaction against `url`, stopping at the first error.
    static func runFile(_ file: String, url: String, psql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: psql)
        process.arguments = ["-X", "-q", "-1", "-v", "ON_ERROR_STOP=1", "-f", file, url]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkFailure("psql exited with \(process.terminationStatus) on \(file)") }
    }
}
