import Foundation
public import RLSEmbedded

/// A second throwaway cluster that has an extension the default throwaway does not: for tests of
/// `--scratch-url`, which point the throwaway databases at a server that has what the local one lacks.
///
/// How "lacks" is made honest: the server programs are copied (bin, lib and share of the installed
/// PostgreSQL, under a private prefix that keeps Debian's layout, so the copied `postgres` finds its
/// own share directory), and the extension's control and script files are written only into the
/// copy. The default throwaway, started from the installed programs, then really refuses
/// `create extension rls_scratch_probe` (0A000, no control file), through the same code path as a
/// missing `vector`; the second cluster really has it.
public enum ClusterWithExtraExtension {
    /// The extension only the second cluster offers (pure SQL, trusted, so `postgres` may create it).
    public static let extensionName = "rls_scratch_probe"

    /// The second cluster, started once per test process; stopped at exit.
    public static var cluster: EmbeddedCluster {
        get throws { try shared.get() }
    }

    private static let shared = Result { try start() }

    private static func start() throws -> EmbeddedCluster {
        let installed = try installedPrefix()
        let files = FileManager.default
        let prefix = files.temporaryDirectory.appendingPathComponent("rls-scratch-server-\(getpid())").path
        try? files.removeItem(atPath: prefix)
        let lib = "\(prefix)/usr/lib/postgresql/\(installed.version)"
        let share = "\(prefix)/usr/share/postgresql/\(installed.version)"
        try files.createDirectory(atPath: "\(prefix)/usr/lib/postgresql", withIntermediateDirectories: true)
        try files.createDirectory(atPath: "\(prefix)/usr/share/postgresql", withIntermediateDirectories: true)
        try run("/bin/cp", ["-a", installed.lib, lib])
        try run("/bin/cp", ["-a", installed.share, share])
        try """
        comment = 'rls test: an extension only the scratch server has'
        default_version = '1.0'
        relocatable = true
        trusted = true
        """.write(toFile: "\(share)/extension/\(extensionName).control", atomically: true, encoding: .utf8)
        try "create function rls_probe() returns text language sql immutable as $$ select 'probe' $$;\n"
            .write(toFile: "\(share)/extension/\(extensionName)--1.0.sql", atomically: true, encoding: .utf8)
        // The server may run as an unprivileged account (as root): everything must be readable to it.
        try run("/bin/chmod", ["-R", "a+rX", prefix])
        var directory = prefix
        while directory != "/" && !directory.isEmpty {
            chmod(directory, 0o755)
            directory = (directory as NSString).deletingLastPathComponent
            if directory == files.temporaryDirectory.path { break }
        }
        atexit {
            try? FileManager.default.removeItem(
                atPath: FileManager.default.temporaryDirectory.appendingPathComponent("rls-scratch-server-\(getpid())").path)
        }
        return try EmbeddedCluster.start(.init(serverBinaries: "\(lib)/bin"))
    }

    /// The installed PostgreSQL: `/usr/lib/postgresql/<version>` and `/usr/share/postgresql/<version>`.
    private static func installedPrefix() throws -> (version: String, lib: String, share: String) {
        let root = "/usr/lib/postgresql"
        let versions = ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted {
            (Int($0.split(separator: ".").first ?? "") ?? 0) > (Int($1.split(separator: ".").first ?? "") ?? 0)
        }
        guard let version = versions.first(where: { FileManager.default.fileExists(atPath: "/usr/share/postgresql/\($0)/extension") })
        else { throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no PostgreSQL under \(root)"]) }
        return (version, "\(root)/\(version)", "/usr/share/postgresql/\(version)")
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "\(executable) \(arguments) failed"])
        }
    }
}
