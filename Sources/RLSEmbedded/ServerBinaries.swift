import Foundation
import RLSPostgres

/// The directory holding the PostgreSQL server programs (`initdb`, `postgres`).
struct ServerBinaries: Sendable, Equatable {
    let directory: String

    var initdb: String { directory + "/initdb" }
    var postgres: String { directory + "/postgres" }

    /// Looks in `PG_BIN`, then `PATH`, then `/usr/lib/postgresql/*/bin` (newest version first).
    static func locate(
        environment: [String: String] = ProcessInfo.processInfo.environment, searchInstalled: Bool = true
    ) throws -> ServerBinaries {
        var candidates: [String] = []
        if let pgBin = environment["PG_BIN"], !pgBin.isEmpty { candidates.append(pgBin) }
        for entry in (environment["PATH"] ?? "").split(separator: ":") { candidates.append(String(entry)) }
        if searchInstalled { candidates += installedVersions() }
        for directory in candidates where isUsable(directory) {
            return ServerBinaries(directory: directory)
        }
        throw EmbeddedClusterError(
            kind: .postgresMissing,
            message: """
                PostgreSQL server programs (initdb, postgres) were not found in PG_BIN, PATH or /usr/lib/postgresql/*/bin. \
                Install the Debian package postgresql (apt-get install -y postgresql), or set PG_BIN to the directory holding initdb.
                """
        )
    }

    private static func isUsable(_ directory: String) -> Bool {
        let files = FileManager.default
        return files.isExecutableFile(atPath: directory + "/initdb") && files.isExecutableFile(atPath: directory + "/postgres")
    }

    /// `/usr/lib/postgresql/<version>/bin`, highest version first (numerically, so 16 before 9.6).
    private static func installedVersions() -> [String] {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        func key(_ version: String) -> [Int] { version.split(separator: ".").map { Int($0) ?? 0 } }
        return
            versions
            .sorted { key($0).lexicographicallyPrecedes(key($1)) }
            .reversed()
            .map { "\(root)/\($0)/bin" }
    }

    /// Identifies this installation in cache keys: a rebuilt server gets a fresh template.
    var fingerprint: String {
        let attributes = try? FileManager.default.attributesOfItem(atPath: postgres)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(directory)|\(size)|\(Int(modified))"
    }

    /// Whether `fingerprint` (as ``fingerprint`` wrote it) still names the programs in its directory:
    /// false once they are gone (a copy a test made and deleted) or were replaced (an upgrade).
    static func stillInstalled(_ fingerprint: String) -> Bool {
        // The directory is everything before the last two fields: it may hold a "|" itself.
        let fields = fingerprint.split(separator: "|", omittingEmptySubsequences: false)
        guard fields.count >= 3 else { return true }
        let directory = fields.dropLast(2).joined(separator: "|")
        return ServerBinaries(directory: directory).fingerprint == fingerprint
    }
}
