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
        /// Its creation or its first start was interrupted: no login works yet. `rls dev start` finishes it.
        case unfinished(dataDirectory: String)
        /// Never started in this directory (or removed).
        case notCreated

        /// One line for `rls dev status`, with the password redacted.
        public var description: String {
            switch self {
            case .running(let url, _, let data):
                "running at \((try? ConnectionTarget(url).redacted) ?? "127.0.0.1") (data in \(data))"
            case .stopped(let data): "stopped (data in \(data)); start it with `rls dev start`"
            case .unfinished(let data):
                "not ready: its creation or first start was interrupted (data in \(data)); finish it with `rls dev start`"
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
    /// Starting a running cluster is harmless. A creation or first start that was interrupted is
    /// remade or finished; a second start at the same time waits for the first and reports its cluster.
    @discardableResult
    public static func start(
        in directory: String = FileManager.default.currentDirectoryPath, defaultPrivileges: DefaultPrivileges = .none
    ) throws -> Status {
        let layout = try DevClusterLayout(projectDirectory: directory)
        return try layout.withLock {
            if case .running = status(layout) { return status(layout) }
            let binaries = try ServerBinaries.locate()
            if !layout.isCreated {
                try layout.create(binaries: binaries, defaultPrivileges: defaultPrivileges)
            }
            guard var current = layout.readSettings() else {
                throw EmbeddedClusterError(kind: .fileSystem, message: "\(layout.settingsPath) is missing; start again.")
            }
            // A server already up (a first start interrupted before its setup) is finished, not started twice.
            if AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory) == nil {
                try launch(layout, binaries: binaries, settings: &current)
            }
            let started = Date()
            try ServerProcess.waitUntilReady(
                socketDirectory: layout.socketDirectory, port: current.port, timeout: 30, logPath: layout.logPath
            ) {
                // setsid may fork, so our child exiting says little; the postmaster's pid file says more.
                Date().timeIntervalSince(started) < 5 || AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory) != nil
            }
            try layout.finishShapingIfNew(current)
            return status(layout)
        }
    }

    /// Starts the server detached from this process, on the settings' port or a free one.
    private static func launch(_ layout: DevClusterLayout, binaries: ServerBinaries, settings: inout DevClusterLayout.Settings) throws {
        if settings.port == 0 || FreePort.isListening(settings.port) {
            settings.port = try FreePort.pick()
            try layout.writeSettings(settings)
        }
        _ = try ServerProcess.launch(
            binaries: binaries, account: layout.account, dataDirectory: layout.dataDirectory, port: settings.port,
            socketDirectory: layout.socketDirectory, listenAddress: "127.0.0.1", logPath: layout.logPath, detached: true
        )
    }

    /// Stops the project's dev cluster (fast shutdown, data kept); with `removingData`, deletes it too.
    public static func stop(in directory: String = FileManager.default.currentDirectoryPath, removingData: Bool = false) throws {
        let layout = try DevClusterLayout(projectDirectory: directory)
        try layout.withLock {
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
        let files = FileManager.default
        guard files.fileExists(atPath: layout.dataDirectory) || files.fileExists(atPath: layout.creatingMarker) else {
            return .notCreated
        }
        guard layout.isCreated, !files.fileExists(atPath: layout.unshapedMarker) else {
            return .unfinished(dataDirectory: layout.dataDirectory)
        }
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
