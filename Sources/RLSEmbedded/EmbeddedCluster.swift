import Foundation
import RLSPostgres

/// A throwaway local PostgreSQL cluster shaped like a hosted Supabase database.
///
/// Started from the installed server binaries into a private directory (see ``Options/defaultBaseDirectory``), listening
/// on 127.0.0.1 (password required) and a socket in its directory (trusted). Stopped and deleted by
/// ``stop()``, at process exit, and on Ctrl-C or SIGTERM; a cluster left by a killed run is removed
/// by the next start.
///
/// ```swift
/// let cluster = try EmbeddedCluster.start()
/// defer { cluster.stop() }
/// let db = try Connection(url: cluster.url)        // as `postgres`: not superuser, BYPASSRLS
/// try db.execute("create table note (id int primary key)")
/// ```
public final class EmbeddedCluster: Sendable {
    /// The cluster's directory (data, socket, log); deleted on stop.
    public let directory: String
    /// The TCP port on 127.0.0.1.
    public let port: Int
    /// The password of `postgres`, `supabase_admin` and `authenticator` over TCP; random per cluster.
    public let password: String
    /// The options the cluster started with.
    public let options: Options
    /// The server process; nil for a server of the user's choosing (``attach(scratchURL:options:)``).
    let server: ServerProcess?
    /// The server of the user's choosing this stands for, if it is one.
    let scratchServer: ScratchServer?
    private let state = StopState()

    init(directory: String, port: Int, password: String, options: Options, server: ServerProcess) {
        self.directory = directory
        self.port = port
        self.password = password
        self.options = options
        self.server = server
        self.scratchServer = nil
    }

    init(scratchServer: ScratchServer, options: Options) {
        self.directory = ""
        self.port = 0
        self.password = ""
        self.options = options
        self.server = nil
        self.scratchServer = scratchServer
    }

    /// Connects as role `postgres` (NOT superuser, BYPASSRLS) to database `postgres` over TCP.
    public var url: String { url(database: "postgres") }

    /// A TCP URL for `database` as `user` (`postgres`, `supabase_admin` or `authenticator` have the password).
    /// On a server of the user's choosing, the URL it was given, for `database`, whatever `user`.
    public func url(database: String, user: String = "postgres") -> String {
        if let scratchServer { return scratchServer.url(database: database) }
        return "postgres://\(user):\(password)@127.0.0.1:\(port)/\(database)"
    }

    /// A libpq key=value string for the trusted Unix socket (no password), as `supabase_admin` by default.
    /// On a server of the user's choosing, its URL (for `database`).
    public func socketConninfo(database: String = "postgres", user: String = "supabase_admin") -> String {
        if let scratchServer { return scratchServer.url(database: database) }
        return "host='\(directory)' port=\(port) dbname='\(database)' user='\(user)'"
    }

    /// True until ``stop()``.
    public var isRunning: Bool { !state.isStopped && (server?.isRunning ?? true) }

    /// Stops the server (immediate shutdown) and deletes the cluster's directory. Safe to call twice.
    public func stop() {
        guard state.markStopped() else { return }
        if let scratchServer {
            // The scratch databases still there (a command stopped half way, Ctrl-C) are dropped.
            scratchServer.dropRemaining()
        } else {
            server?.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
        ClusterRegistry.unregister(self)
    }

    /// Installs SIGINT/SIGTERM handlers that stop every cluster this process started, then exit
    /// with status 128 + signal. ``start(_:)`` calls it unless ``Options/stopOnSignal`` is false.
    public static func stopAllOnSignal() {
        ClusterRegistry.installSignalHandlers()
    }

    /// Runs `body`, during which a caller's own SIGINT and SIGTERM handler (a command on a database
    /// that outlives it, saying what the interruption leaves behind) has the signal to itself while
    /// no cluster is running: the handlers of ``stopAllOnSignal()`` then leave it alone.
    public static func reportingSignalsElsewhere<T>(_ body: () throws -> T) rethrows -> T {
        try ClusterRegistry.handlingSignalsElsewhere(body)
    }

    /// When a signal handler is stopping the clusters, waits for it to exit the process with 128 + signal,
    /// so the command's own exit status (a failure from its broken connection) never wins the race.
    public static func waitIfStoppingOnSignal() {
        while ClusterRegistry.isStoppingOnSignal { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// Stops every cluster this process started.
    public static func stopAll() {
        ClusterRegistry.stopAll()
    }
}
