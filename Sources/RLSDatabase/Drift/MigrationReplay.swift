public import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSModel
import RLSPostgres

/// The migration files not yet applied, replayed once: the target's catalog, and the catalogs of
/// one throwaway database after the applied files and again after the pending ones.
///
/// `rls plan` derives everything it says about pending files from these three reads: which drift
/// they explain (``Drift/plan(_:desiredSQL:scratch:cacheDirectory:leavingOut:memo:)``), what they would
/// collide with (``Drift/collisions(_:)``) and where their result still differs from the schema.
/// A 50 MB data migration is sent to the server once, not once per question.
///
///     let replay = try MigrationReplay(target: db, applied: applied, pending: pending, scratch: cluster)
///     ChangePlan(from: replay.before, to: replay.after).summary   // what the pending files change
public struct MigrationReplay: Sendable {
    /// The target database's catalog, read once (inside the caller's transaction when one is open).
    public let target: Catalog
    /// The applied files, in the order they were replayed.
    public let applied: [SQLScript]
    /// The pending files, replayed after the applied ones.
    public let pending: [SQLScript]
    /// The throwaway database's default privileges: the target's (``Catalog/publicTableDefaults``)
    /// unless the caller chose.
    public let defaultPrivileges: DefaultPrivileges
    /// The throwaway database after the applied files.
    public let before: Catalog
    /// The same database after the pending files too.
    public let after: Catalog

    /// Reads `target`'s catalog and replays `applied`, then `pending`, on one throwaway database in
    /// `cluster`, as `rls apply` ran and would run them. Throws ``DriftError`` naming the file and
    /// line of a statement that fails.
    ///
    /// `cluster` is evaluated after the target is read: a cluster starting in the background
    /// (``ScratchCluster``) has that long to get ready.
    public init(
        target connection: Connection, applied: [SQLScript], pending: [SQLScript],
        scratch cluster: @autoclosure () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges? = nil
    ) throws {
        target = try connection.introspectCatalog()
        self.applied = applied
        self.pending = pending
        self.defaultPrivileges = defaultPrivileges ?? target.publicTableDefaults
        (before, after) = try ScratchDatabase.catalogs(
            applying: applied, then: pending, in: try cluster(), defaultPrivileges: self.defaultPrivileges)
    }

    /// What the pending files change, leaving out what the schema does not manage.
    func changes(leavingOut undeclared: UndeclaredObjects) -> ChangePlan {
        ChangePlan(from: before.leavingOut(undeclared), to: after.leavingOut(undeclared))
    }
}
