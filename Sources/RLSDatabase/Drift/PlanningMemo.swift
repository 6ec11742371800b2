public import RLSCatalog
import RLSEmbedded
import RLSMigrations
import Synchronization

/// What one planning run has worked out already and may be asked again: the SHA-256 of the
/// desired SQL, and the catalog of the last throwaway replay.
///
/// A plan asks for the digest several times (is the desired state cached, does the target match
/// it, the cache entry itself, across `DatabasePlan` and `Drift`'s public calls), and at 1,000
/// tables each costs about 10 ms; without a cache directory, the plan's drift and what the
/// pending files would still leave different each build the same desired catalog on a throwaway
/// database. The memo answers the second question from the first.
///
/// It is a value its caller owns and passes down, not process-wide state: `DatabasePlan.make`
/// makes one per `rls plan`, and a public `Drift` call not given one makes its own. Two runs in
/// one process (two plans of a long-lived tool, two tests) share nothing, so neither's result
/// depends on what ran before it: a role the scripts need may have been dropped from the cluster
/// between them (``ScratchDatabase/catalog(applying:in:defaultPrivileges:memo:)``).
///
/// ```swift
/// let memo = PlanningMemo()
/// let drift = try Drift.plan(target: connection, desiredSQL: sql, scratch: cluster, memo: memo)
/// let cached = Drift.isDesiredStateCached(sql, cacheDirectory: cache, memo: memo)  // the digest is not recomputed
/// ```
public final class PlanningMemo: Sendable {
    /// The last SQL digested, and its digest: each a pure function's last result, keyed by its whole input.
    private let lastDigest = Mutex<(sql: String, digest: String)?>(nil)
    /// The last replay and its result (only one: a migration folder's text can be large).
    private let lastReplay = Mutex<(key: ScratchDatabase.Replay, result: (catalog: Catalog, fingerprint: String))?>(nil)

    /// The desired SQL being split ahead of the build that runs it (``splitSoon(_:)``).
    private let split = Mutex<(sql: String, statements: BackgroundWork<[DesiredStatement]>)?>(nil)

    /// An empty memo, for one planning run.
    public init() {}

    /// Starts splitting `desiredSQL` into statements on another thread, for a plan that will build
    /// its desired state from nothing (no desired state cached): the split then overlaps connecting
    /// to the target and reading it.
    public func splitSoon(_ desiredSQL: String) {
        split.withLock { $0 = (desiredSQL, BackgroundWork { DesiredStatement.split(desiredSQL, withWords: true) }) }
    }

    /// The statements of `sql` as ``splitSoon(_:)`` split them (waiting for the split to end); nil
    /// when it was not asked to split `sql`.
    func desiredStatements(of sql: String) -> [DesiredStatement]? {
        guard let started = split.withLock({ $0 }), started.sql == sql else { return nil }
        return try? started.statements.result()
    }

    /// The SHA-256 of `sql`, in hex: what stands for the desired SQL in ``DesiredCatalogCache``'s keys.
    func digest(_ sql: String) -> String {
        if let known = lastDigest.withLock({ $0 }), known.sql == sql { return known.digest }
        let digest = SHA256.hexDigest(of: sql.utf8)
        lastDigest.withLock { $0 = (sql, digest) }
        return digest
    }

    /// The result of the replay `key` when this memo holds it; else `replay`'s, kept in place of the last.
    func replay(
        _ key: ScratchDatabase.Replay, _ replay: () throws -> (catalog: Catalog, fingerprint: String)
    ) rethrows -> (catalog: Catalog, fingerprint: String) {
        if let known = lastReplay.withLock({ $0 }), known.key == key { return known.result }
        let result = try replay()
        lastReplay.withLock { $0 = (key, result) }
        return result
    }
}
