import Dispatch
import Foundation
public import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres
import Synchronization

/// A throwaway Supabase-shaped database in an embedded cluster: scripts are applied to it, its
/// catalog read, and it is dropped again, on another thread (``RLSEmbedded/EmbeddedCluster/dropDatabaseSoon(_:)``):
/// a caller that then drops a role the scripts granted to waits for
/// ``RLSEmbedded/EmbeddedCluster/waitForDatabaseDrops()`` first.
///
///     let desired = try ScratchDatabase.catalog(applying: [SQLScript(name: "the DSL's schema", sql: sql)],
///                                               in: cluster)
public enum ScratchDatabase {
    /// Numbers the throwaway databases this process makes, so two never share a name: the one
    /// process-wide value here, a name source that no result depends on.
    private static let counter = Atomic<Int>(0)

    /// The catalog a fresh database holds after `scripts` run on it in order.
    ///
    /// The scripts run as `rls apply` runs pending files (``TransactionModel``). Throws ``DriftError``
    /// naming the script and line when one fails. With a `memo`, a replay it holds already (the
    /// same scripts on the same server, with the same default privileges) is not run again. With
    /// `leavingOutFinalRows`, rows of literals that end the last script are not sent: only the
    /// catalog is read after them (see `Connection.replay`).
    public static func catalog(
        applying scripts: [SQLScript], in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none,
        memo: PlanningMemo? = nil, leavingOutFinalRows: Bool = false
    ) throws -> Catalog {
        try catalogWithFingerprint(
            applying: scripts, in: cluster, defaultPrivileges: defaultPrivileges, memo: memo, leavingOutFinalRows: leavingOutFinalRows
        ).catalog
    }

    /// ``catalog(applying:in:defaultPrivileges:memo:)`` and its ``CatalogFingerprint``.
    static func catalogWithFingerprint(
        applying scripts: [SQLScript], in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none,
        memo: PlanningMemo? = nil, leavingOutFinalRows: Bool = false
    ) throws -> (catalog: Catalog, fingerprint: String) {
        let run = { try replay(scripts, in: cluster, defaultPrivileges: defaultPrivileges, leavingOutFinalRows: leavingOutFinalRows) }
        guard let memo else { return try run() }
        // `rls plan` without a cache directory builds the desired state twice (the drift, and what
        // the pending files would still leave different): the second build is free.
        let key = Replay(
            server: cluster.url, scripts: scripts, defaultPrivileges: defaultPrivileges, leavingOutFinalRows: leavingOutFinalRows)
        return try memo.replay(key, run)
    }

    /// What a replay depends on, as far as a ``PlanningMemo`` can tell: the server it runs on (the
    /// local throwaway or a `--scratch-url` one can differ in what they hold), the scripts, in
    /// order, and the scratch database's default privileges. Not the cluster's roles, which is why
    /// a memo lives for one run only.
    struct Replay: Equatable {
        let server: String
        let scripts: [SQLScript]
        let defaultPrivileges: DefaultPrivileges
        /// A replay that left out final rows never met a row that fails.
        var leavingOutFinalRows = false
    }

    /// The catalogs one fresh database holds after `first` runs on it, and after `then` runs on it
    /// too: each script runs once, the earlier ones committed before the later ones start, as
    /// `rls apply` ran the applied files and would run the pending ones. Rows of literals that end
    /// `then` may be left out: only the catalog is read after them (see `Connection.replay`).
    static func catalogs(
        applying first: [SQLScript], then second: [SQLScript], in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges
    ) throws -> (before: Catalog, after: Catalog) {
        try withDatabase(in: cluster, defaultPrivileges: defaultPrivileges) { connection in
            try connection.replay(first)
            let before = try connection.introspectCatalog()
            try connection.replay(second, leavingOutFinalRows: true)
            return (before, try connection.introspectCatalog())
        }
    }

    /// The catalogs of two fresh databases, one after `first` runs on it and one after `second`:
    /// built side by side, each on its own connection. The two partial builds of an increment, and
    /// the halves of a large desired state, on the databases of `made` when given. `read` is called
    /// with each catalog (0: `first`'s) on its own thread as soon as it is read, while the other may
    /// still be building. `committingEvery`: see ``Connection/replay(_:leavingOutFinalRows:committingEvery:)``.
    static func catalogs(
        ofEach first: SQLScript, _ second: SQLScript, in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges,
        on made: Made? = nil, committingEvery: Int? = nil, read: @Sendable (Int, Catalog) -> Void = { _, _ in }
    ) throws -> (first: Catalog, second: Catalog) {
        let results = Mutex<[Int: Result<Catalog, any Error>]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = Result {
                try withDatabase(in: cluster, defaultPrivileges: defaultPrivileges, made: made?.databases[index]) { connection in
                    try connection.replay([index == 0 ? first : second], committingEvery: committingEvery)
                    return try connection.introspectCatalog()
                }
            }
            if case .success(let catalog) = result { read(index, catalog) }
            results.withLock { $0[index] = result }
        }
        let built = results.withLock { $0 }
        return (try built[0]!.get(), try built[1]!.get())
    }

    private static func replay(
        _ scripts: [SQLScript], in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges, leavingOutFinalRows: Bool = false
    ) throws -> (catalog: Catalog, fingerprint: String) {
        try withDatabase(in: cluster, defaultPrivileges: defaultPrivileges) { connection in
            try connection.replay(scripts, leavingOutFinalRows: leavingOutFinalRows)
            return try connection.introspectCatalogWithFingerprint()
        }
    }

    /// Fresh databases being made on other threads while the caller prepares what runs on them (a
    /// large desired state is cut in halves meanwhile); each is dropped after use, or by ``discard()``.
    final class Made: Sendable {
        fileprivate let databases: [BackgroundWork<(name: String, url: String)>]
        private let cluster: EmbeddedCluster

        /// Starts making `count` databases in `cluster`, side by side.
        init(_ count: Int, in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges) {
            self.cluster = cluster
            databases = (0..<count).map { _ in
                BackgroundWork { try ScratchDatabase.create(in: cluster, defaultPrivileges: defaultPrivileges) }
            }
        }

        /// Drops them unused.
        func discard() {
            for database in databases { if let made = try? database.result() { cluster.dropDatabaseSoon(made.name) } }
        }
    }

    /// A new database named `rls_scratch_<pid>_<n>` (no other throwaway database of this process
    /// has that name), and its URL.
    private static func create(in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges) throws -> (name: String, url: String) {
        let name = "rls_scratch_\(getpid())_\(counter.add(1, ordering: .relaxed).newValue)"
        return (name, try cluster.createDatabase(name, defaultPrivileges: defaultPrivileges))
    }

    /// Runs `body` on a new database in `cluster` (`made` when one was made already), dropped
    /// afterwards on another thread: the caller goes on meanwhile.
    private static func withDatabase<Result>(
        in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges, made: BackgroundWork<(name: String, url: String)>? = nil,
        _ body: (Connection) throws -> Result
    ) throws -> Result {
        let (name, url) = try made?.result() ?? create(in: cluster, defaultPrivileges: defaultPrivileges)
        defer { cluster.dropDatabaseSoon(name) }
        let connection = try Connection(url: url)
        defer { connection.close() }
        return try body(connection)
    }
}
