import Foundation
import RLSPostgres

/// Where a project's dev cluster keeps its files.
///
/// Settings (port, password; mode 0600) always live in `<project>/.rls/dev/`. The data directory lives
/// there too, unless the caller is root and the `postgres` user cannot reach the project (for example
/// under `/root`); then it lives in `/var/tmp/rls-dev-u0/<hash of the project path>/`, a directory
/// only root and the server account can enter (see ``PrivateDirectory``).
struct DevClusterLayout {
    struct Settings: Equatable {
        var port: Int
        var password: String
    }

    let root: String
    let dataRoot: String
    let account: ServerAccount?

    var dataDirectory: String { dataRoot + "/data" }
    var socketDirectory: String { dataRoot }
    var settingsPath: String { root + "/connection" }
    var logPath: String { root + "/server.log" }

    init(projectDirectory: String, creating: Bool = true) throws {
        let project = URL(fileURLWithPath: projectDirectory).standardizedFileURL.path
        root = project + "/.rls/dev"
        account = try ServerAccount.forCurrentUser()
        // Check through the project directory: .rls/dev may not exist yet, and is created world-searchable.
        if let account, !account.canReach(project + "/.rls") {
            dataRoot = "/var/tmp/rls-dev-u\(geteuid())/" + String(ClusterTemplate.fnv1a(project), radix: 16)
        } else {
            dataRoot = root
        }
        if creating {
            try prepareDirectories()
        } else if !FileManager.default.fileExists(atPath: root) {
            throw EmbeddedClusterError(kind: .notRunning, message: "No dev cluster in \(project).")
        }
    }

    /// Creates the settings folder and the data root (again, after `dev stop --remove-data`).
    private func prepareDirectories() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        if dataRoot != root { try PrivateDirectory.prepare((dataRoot as NSString).deletingLastPathComponent, account: account) }
        try FileManager.default.createDirectory(atPath: dataRoot, withIntermediateDirectories: true)
        try account?.own(dataRoot)
    }

    /// Marks a new cluster whose passwords and default privileges are set on its first start.
    var unshapedMarker: String { root + "/unshaped" }

    /// Present from the first step of ``create(binaries:defaultPrivileges:)`` until its last: a
    /// creation interrupted anywhere (part of the template copied, no settings yet) is remade.
    var creatingMarker: String { root + "/creating" }

    /// True when a creation finished: the data directory, its settings, and no creation under way.
    /// A cluster made before the creation marker existed counts as finished when it has both.
    var isCreated: Bool {
        let files = FileManager.default
        return files.fileExists(atPath: dataDirectory + "/PG_VERSION") && !files.fileExists(atPath: creatingMarker)
            && readSettings() != nil
    }

    /// Copies the shaped template into the data directory and chooses a port and a fresh password,
    /// replacing whatever an unfinished creation left. The passwords are set by the first start
    /// (``finishShapingIfNew(_:)``).
    func create(binaries: ServerBinaries, defaultPrivileges: DefaultPrivileges) throws {
        let base = EmbeddedCluster.Options.defaultBaseDirectory
        try PrivateDirectory.prepare(base, account: account)
        let template = try ClusterTemplate.ensure(binaries: binaries, account: account, base: base)
        try prepareDirectories()
        // Both markers first, so any interruption from here on is seen by the next start.
        guard FileManager.default.createFile(atPath: creatingMarker, contents: nil) else {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not write \(creatingMarker).")
        }
        try defaultPrivileges.rawValue.write(toFile: unshapedMarker, atomically: true, encoding: .utf8)
        if let stale = AbandonedClusters.postmasterPid(dataDirectory: dataDirectory) {
            // A server left on a half-made data directory by an older rls: its data is being replaced.
            ProcessLiveness.terminate(stale, signal: SIGQUIT)
        }
        try? FileManager.default.removeItem(atPath: dataDirectory)
        let copy = try ExternalCommand.run("/bin/cp", ["-a", template, dataDirectory])
        guard copy.status == 0 else {
            throw EmbeddedClusterError(
                kind: .fileSystem, message: "Copying the cluster template to \(dataDirectory) failed.", detail: copy.output)
        }
        // The dev cluster keeps its data, so it is worth a little durability the throwaway one skips.
        try "\nfsync = on\n".appendingLine(to: dataDirectory + "/postgresql.conf")
        try writeSettings(Settings(port: try FreePort.pick(), password: EmbeddedCluster.randomPassword()))
        try FileManager.default.removeItem(atPath: creatingMarker)
    }

    /// On the first start: sets the password and default privileges over the socket.
    ///
    /// Until then no role has a password, so TCP logins (SCRAM) all fail: the open port exposes nothing.
    func finishShapingIfNew(_ settings: Settings) throws {
        guard let marker = try? String(contentsOfFile: unshapedMarker, encoding: .utf8) else { return }
        let privileges = DefaultPrivileges(rawValue: marker.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .none
        let admin = try Connection(url: "host='\(socketDirectory)' port=\(settings.port) user=supabase_admin dbname=postgres")
        defer { admin.close() }
        try EmbeddedCluster.withoutStatement {
            try admin.execute(SupabaseShape.passwords(settings.password) + SupabaseShape.defaultPrivileges(privileges))
        }
        try FileManager.default.removeItem(atPath: unshapedMarker)
    }

    func readSettings() -> Settings? {
        guard let text = try? String(contentsOfFile: settingsPath, encoding: .utf8) else { return nil }
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { values[parts[0]] = parts[1] }
        }
        guard let port = values["port"].flatMap(Int.init), let password = values["password"] else { return nil }
        return Settings(port: port, password: password)
    }

    func writeSettings(_ settings: Settings) throws {
        let text = "port=\(settings.port)\npassword=\(settings.password)\n"
        guard FileManager.default.createFile(atPath: settingsPath, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
        else {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not write \(settingsPath).")
        }
        chmod(settingsPath, 0o600)
    }
}

extension String {
    /// Appends this text to the file at `path`.
    fileprivate func appendingLine(to path: String) throws {
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not open \(path).")
        }
        defer { try? handle.close() }
        handle.seekToEndOfFile()
        handle.write(Data(self.utf8))
    }
}
