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
    /// Drops asked for by ``dropDatabaseSoon(_:)``, one after another.
    private let drops = DispatchQueue(label: "rls.embedded-cluster.drops")
    private let dropping = DispatchGroup()

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
            // A drop under way finishes first; those not started yet are left to dropRemaining.
            dropping.wait()
            // The scratch databases still there (a command stopped half way, Ctrl-C) are dropped.
            scratchServer.dropRemaining()
        } else {
            server?.stop()
            try? FileManager.default.removeItem(atPath: directory)
        }
        ClusterRegistry.unregister(self)
    }

    /// Drops a database made by ``createDatabase(_:)`` on another thread, for a caller that need not
    /// wait (a plan's throwaway databases, dropped while the plan compares): drops run one after
    /// another, and end with ``stop()``. A cluster of this process's own is deleted whole then, so a
    /// drop not yet started is not made; on a server of the user's choosing, ``stop()`` lets the drop
    /// under way finish and drops the rest itself.
    public func dropDatabaseSoon(_ name: String) {
        drops.async(group: dropping) { [self] in
            guard !state.isStopped else { return }
            try? dropDatabase(name)
        }
    }

    /// Returns once every drop ``dropDatabaseSoon(_:)`` was asked for so far has run (or was left to ``stop()``).
    public func waitForDatabaseDrops() {
        dropping.wait()
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
