import Foundation
public import RLSCatalog
import Synchronization

/// A throwaway Supabase-shaped database in an embedded cluster: scripts are applied to it, its
/// catalog read, and it is dropped again.
///
///     let desired = try ScratchDatabase.catalog(applying: [SQLScript(name: "the DSL's schema", sql: sql)],
///                                               in: cluster)
public enum ScratchDatabase {
    private static let counter = Atomic<Int>(0)

    /// The catalog a fresh database holds after `scripts` run on it in order.
    ///
    /// The scripts run as `rls apply` runs pending files (``TransactionModel``). Throws ``DriftError``
    /// naming the script and line when one fails.
    public static func catalog(
        applying scripts: [SQLScript], in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none
    ) throws -> Catalog {
        try catalogWithFingerprint(applying: scripts, in: cluster, defaultPrivileges: defaultPrivileges).catalog
    }

    /// ``catalog(applying:in:defaultPrivileges:)`` and its ``CatalogFingerprint``.
    static func catalogWithFingerprint(
        applying scripts: [SQLScript], in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none
    ) throws -> (catalog: Catalog, fingerprint: String) {
        let number = counter.add(1, ordering: .relaxed).newValue
        let name = "rls_scratch_\(getpid())_\(number)"
        let url = try cluster.createDatabase(name, defaultPrivileges: defaultPrivileges)
        defer { try? cluster.dropDatabase(name) }
        let connection = try Connection(url: url)
        defer { connection.close() }
        try connection.replay(scripts)
        return try connection.introspectCatalogWithFingerprint()
    }
}
