import Foundation
import RLSPostgres

/// The persistent local cluster behind `rls dev start|stop|status|url`, kept under `.rls/` of a project.
///
/// Unlike ``EmbeddedCluster`` it survives the command that started it (and Ctrl-C in that terminal),
/// keeps its data between starts, and is used by commands when no database URL is given.
///
/// ```swift
/// let status = try DevCluster.start(in: projectDirectory)   // .running(url: "postgres://postgres:***@127.0.0.1:…")
/// try DevCluster.stop(in: projectDirectory)
/// ```
public enum DevCluster {
    /// What ``status(in:)`` found.
    public enum Status: Sendable, Equatable, CustomStringConvertible {
        /// Running and accepting connections at `url` (as `postgres`).
        case running(url: String, port: Int, dataDirectory: String)
        /// Created earlier, not running now.
        case stopped(dataDirectory: String)
        /// Never started in this directory (or removed).
        case notCreated

        /// One line for `rls dev status`, with the password redacted.
        public var description: String {
            switch self {
            case .running(let url, _, let data):
                "running at \((try? ConnectionTarget(url).redacted) ?? "127.0.0.1") (data in \(data))"
            case .stopped(let data): "stopped (data in \(data)); start it with `rls dev start`"
            case .notCreated: "not created; start one with `rls dev start`"
            }
        }

        /// The URL when running.
        public var url: String? {
            if case .running(let url, _, _) = self { return url }
            return nil
        }
    }

    /// Starts the project's dev cluster, creating it on first use; returns ``Status/running(url:port:dataDirectory:)``.
    /// Starting a running cluster is harmless.
    @discardableResult
    public static func start(
        in directory: String = FileManager.default.currentDirectoryPath, defaultPrivileges: DefaultPrivileges = .none
    ) throws -> Status {
        let layout = try DevClusterLayout(projectDirectory: directory)
        if case .running = status(layout) { return status(layout) }
        let binaries = try ServerBinaries.locate()
        let account = layout.account
        var settings = layout.readSettings()
        if !FileManager.default.fileExists(atPath: layout.dataDirectory + "/PG_VERSION") {
            try layout.create(binaries: binaries, defaultPrivileges: defaultPrivileges)
            settings = layout.readSettings()
        }
        guard var current = settings else {
            throw EmbeddedClusterError(
                kind: .fileSystem, message: "\(layout.settingsPath) is missing; remove \(layout.root) and start again.")
        }
        if current.port == 0 || FreePort.isListening(current.port) {
            current.port = try FreePort.pick()
            try layout.writeSettings(current)
        }
        let server = try ServerProcess.launch(
            binaries: binaries, account: account, dataDirectory: layout.dataDirectory, port: current.port,
            socketDirectory: layout.socketDirectory, listenAddress: "127.0.0.1", logPath: layout.root + "/server.log",
            detached: true
        )
        let started = Date()
        try ServerProcess.waitUntilReady(
            socketDirectory: layout.socketDirectory, port: current.port, timeout: 30, logPath: server.logPath
        ) {
            // setsid may fork, so our child exiting says little; the postmaster's pid file says more.
            Date().timeIntervalSince(started) < 5 || AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory) != nil
        }
        try layout.finishShapingIfNew(current)
        return status(layout)
    }

    /// Stops the project's dev cluster (fast shutdown, data kept); with `removingData`, deletes it too.
    public static func stop(in directory: String = FileManager.default.currentDirectoryPath, removingData: Bool = false) throws {
        let layout = try DevClusterLayout(projectDirectory: directory)
        if let pid = AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory) {
            ProcessLiveness.terminate(pid, signal: SIGINT, timeout: 30)
        }
        if removingData {
            try? FileManager.default.removeItem(atPath: layout.dataRoot)
            try? FileManager.default.removeItem(atPath: layout.root)
            // rmdir removes `.rls` only when nothing else lives there.
            rmdir((layout.root as NSString).deletingLastPathComponent)
        }
    }

    /// Whether the project's dev cluster exists and runs.
    public static func status(in directory: String = FileManager.default.currentDirectoryPath) -> Status {
        guard let layout = try? DevClusterLayout(projectDirectory: directory, creating: false) else { return .notCreated }
        return status(layout)
    }

    /// The running dev cluster's URL (as `postgres`); throws ``EmbeddedClusterError`` when it is not running.
    public static func url(in directory: String = FileManager.default.currentDirectoryPath) throws -> String {
        guard let url = status(in: directory).url else {
            throw EmbeddedClusterError(kind: .notRunning, message: "The dev cluster is not running. Start it with `rls dev start`.")
        }
        return url
    }

    static func status(_ layout: DevClusterLayout) -> Status {
        guard FileManager.default.fileExists(atPath: layout.dataDirectory + "/PG_VERSION") else { return .notCreated }
        guard let settings = layout.readSettings(),
            AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory) != nil,
            FreePort.isListening(settings.port)
        else {
            return .stopped(dataDirectory: layout.dataDirectory)
        }
        let url = "postgres://postgres:\(settings.password)@127.0.0.1:\(settings.port)/postgres"
        return .running(url: url, port: settings.port, dataDirectory: layout.dataDirectory)
    }
}
