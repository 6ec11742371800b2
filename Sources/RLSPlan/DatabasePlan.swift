import RLSCatalog
import RLSCheck
import RLSDatabase
import RLSModel
import RLSSQL

/// What `rls plan` finds on a database, as values: the migration files not yet applied, the drift
/// between the database and the schema, what the pending files would still leave different or
/// collide with, and optionally what applying would change in access. The command line prints it;
/// tools of one's own can call ``make(_:desiredSQL:migrations:on:scratch:cacheDirectory:includingAccess:)``
/// the same way.
public struct DatabasePlan {
    /// Which files are applied, pending, edited after applying or unknown.
    public let status: MigrationStatus
    /// What differs between the database (after the pending files) and the schema.
    public let drift: ChangePlan
    /// Where replaying every migration file, pending ones included, would still differ from the
    /// schema; nil when nothing is pending.
    public let afterPending: ChangePlan?
    /// Objects the pending files create that the database already holds.
    public let collisions: [Change]
    /// What applying the schema would change in access, when asked for and anything is pending or
    /// drifted (else the database and the schema grant the same, and it is empty).
    public let access: AccessDiff?

    /// Whether `rls apply` or `rls diff` has anything to do, or a file needs attention.
    public var hasChanges: Bool { !status.pending.isEmpty || !drift.isEmpty || !status.edited.isEmpty }

    /// Plans `schema` against the database behind `connection`, read-only: the catalog reads run in
    /// a READ ONLY transaction; with `includingAccess`, rls check's probes run on the target in a
    /// transaction that is rolled back. Throwaway databases (the schema's catalog, the replay of
    /// pending files, the access probes of the schema) go to `scratch`, started only when the cache
    /// under `cacheDirectory` cannot answer. `desiredSQL` is `renderValidated(schema)` when the
    /// caller has it already (validating and rendering a thousand tables is not free); nil: done here.
    public static func make(
        _ schema: Schema, desiredSQL: String? = nil, migrations files: [MigrationFile], on connection: Connection,
        scratch: ScratchCluster, cacheDirectory: String?, includingAccess: Bool = false
    ) throws -> DatabasePlan {
        let desiredSQL = try desiredSQL ?? renderValidated(schema)
        let status = try connection.migrationStatus(files)
        let applied = files.filter { !status.pending.contains($0) }.map(SQLScript.init)
        let pending = status.pending.map(SQLScript.init)
        if !pending.isEmpty {
            // The replay below needs a cluster for certain: it starts while the files are split into
            // statements (kept by each file) and the target is read.
            scratch.startInBackground()
            for file in status.pending { _ = file.statements }
        } else if !Drift.isDesiredStateCached(desiredSQL, cacheDirectory: cacheDirectory) {
            // The schema changed since the last plan (or nothing is cached): its desired state is built
            // on a throwaway database, whose start overlaps reading the target.
            scratch.startInBackground()
        }
        // The pending files run once on a throwaway database, after the applied ones; drift, collisions
        // and what they would still leave different all come from that one replay.
        let replay =
            pending.isEmpty
            ? nil : try MigrationReplay(target: connection, applied: applied, pending: pending, scratch: try scratch.cluster())
        let drift =
            try replay.map {
                try Drift.plan(
                    $0, desiredSQL: desiredSQL, scratch: try scratch.cluster(), cacheDirectory: cacheDirectory,
                    leavingOut: schema.undeclared)
            }
            ?? Drift.plan(
                target: connection, desiredSQL: desiredSQL, scratch: try scratch.cluster(), cacheDirectory: cacheDirectory,
                leavingOut: schema.undeclared)
        // Drift leaves out what the pending files change. What they change that the schema does not
        // declare (or fail to change) shows here: the replay of every file against the schema.
        let afterPending = try replay.map {
            try Drift.migrationPlan(
                migrations: files.map(SQLScript.init), reusing: $0, desiredSQL: desiredSQL, scratch: try scratch.cluster(),
                cacheDirectory: cacheDirectory, leavingOut: schema.undeclared)
        }
        let collisions = replay.map(Drift.collisions) ?? []
        var plan = DatabasePlan(status: status, drift: drift, afterPending: afterPending, collisions: collisions, access: nil)
        if includingAccess {
            // Nothing pending and no drift: the schema is the database, nothing to probe twice.
            let after = plan.hasChanges ? try AccessSnapshot.probe(schema, applyingSQL: desiredSQL, in: scratch.cluster()) : nil
            let before = after == nil ? AccessSnapshot() : try AccessSnapshot.probe(schema, on: connection)
            plan = DatabasePlan(
                status: status, drift: drift, afterPending: afterPending, collisions: collisions,
                access: AccessDiff(before: before, after: after ?? before, schema: schema, describing: "the database", "the schema"))
        }
        return plan
    }

    /// One line saying whether the database behind `connection` differs from `schema`, for the top of
    /// `rls check` on a given database: a check proves the plans against the database as it is, so a
    /// reader must know when that is not what the schema declares. Read-only, like a plan.
    public static func driftNote(
        _ schema: Schema, on connection: Connection, scratch: ScratchCluster, cacheDirectory: String?
    ) throws -> String {
        let drift = try Drift.plan(
            target: connection, desiredSQL: try renderValidated(schema), scratch: try scratch.cluster(),
            cacheDirectory: cacheDirectory)
        guard !drift.isEmpty else { return "the database matches the schema (no drift)" }
        let shown = drift.changes.prefix(5).map(\.summary).joined(separator: "; ")
        let more = drift.changes.count > 5 ? "; and \(drift.changes.count - 5) more" : ""
        return "the database DIFFERS from the schema in \(drift.changes.count) "
            + "\(drift.changes.count == 1 ? "place" : "places") (\(shown)\(more)); "
            + "the matrix below is the database as it is; `rls plan` shows the differences with their SQL"
    }
}
