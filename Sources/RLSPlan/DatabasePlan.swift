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
    /// `memo` holds what this plan computes once and asks for again (the desired SQL's digest, a
    /// replay, its statements when split ahead): the plan's own, made by the caller that started
    /// work for it before connecting.
    public static func make(
        _ schema: Schema, desiredSQL: String? = nil, migrations files: [MigrationFile], on connection: Connection,
        scratch: ScratchCluster, cacheDirectory: String?, includingAccess: Bool = false, memo: PlanningMemo = PlanningMemo()
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
        } else if !Drift.isDesiredStateCached(desiredSQL, cacheDirectory: cacheDirectory, memo: memo) {
            // The schema changed since the last plan (or nothing is cached): its desired state is built
            // on a throwaway database, whose start overlaps reading the target.
            scratch.startInBackground()
        }
        // What the pending files would still leave different is planned against the schema's state
        // without default privileges: built (or read from the cache) beside the replay below.
        let fresh =
            pending.isEmpty
            ? nil : FreshDesiredState(desiredSQL, in: { try scratch.cluster() }, cacheDirectory: cacheDirectory, memo: memo)
        defer { fresh?.wait() }
        // The pending files run once on a throwaway database, after the applied ones; drift, collisions
        // and what they would still leave different all come from that one replay.
        let replay =
            pending.isEmpty
            ? nil : try MigrationReplay(target: connection, applied: applied, pending: pending, scratch: try scratch.cluster())
        let drift =
            try replay.map {
                try Drift.plan(
                    $0, desiredSQL: desiredSQL, scratch: try scratch.cluster(), cacheDirectory: cacheDirectory,
                    leavingOut: schema.undeclared, memo: memo, fresh: fresh)
            }
            ?? Drift.plan(
                target: connection, desiredSQL: desiredSQL, scratch: try scratch.cluster(), cacheDirectory: cacheDirectory,
                leavingOut: schema.undeclared, memo: memo)
        // Drift leaves out what the pending files change. What they change that the schema does not
        // declare (or fail to change) shows here: the replay of every file against the schema.
        let afterPending = try replay.map {
            try Drift.migrationPlan(
                migrations: files.map(SQLScript.init), reusing: $0, desiredSQL: desiredSQL, scratch: try scratch.cluster(),
                cacheDirectory: cacheDirectory, leavingOut: schema.undeclared, memo: memo, fresh: fresh)
        }
        let collisions = replay.map(Drift.collisions) ?? []
        var plan = DatabasePlan(status: status, drift: drift, afterPending: afterPending, collisions: collisions, access: nil)
        if includingAccess {
            let access =
                try replay.map {
                    try pendingAccess(
                        schema, files: files, pending: status.pending, replay: $0, afterPending: afterPending, scratch: scratch)
                } ?? schemaAccess(schema, desiredSQL: desiredSQL, on: connection, changed: plan.hasChanges, scratch: scratch)
            plan = DatabasePlan(status: status, drift: drift, afterPending: afterPending, collisions: collisions, access: access)
        }
        return plan
    }

    /// With nothing pending, what applying the schema (`rls diff` then `rls apply`) changes: the target
    /// probed as it is, and a throwaway database holding the schema. Nothing drifted: the schema is the
    /// database, nothing to probe twice.
    private static func schemaAccess(
        _ schema: Schema, desiredSQL: String, on connection: Connection, changed: Bool, scratch: ScratchCluster
    ) throws -> AccessDiff {
        let after = changed ? try AccessSnapshot.probe(schema, applyingSQL: desiredSQL, in: scratch.cluster()) : nil
        let before = after == nil ? AccessSnapshot() : try AccessSnapshot.probe(schema, on: connection)
        return AccessDiff(before: before, after: after ?? before, schema: schema, describing: "the database", "the schema")
    }

    /// With files pending, what `rls apply` will do: the files run, whatever they say, hand-written or
    /// not. Both sides are the migration files replayed on throwaway databases of the same shape, with
    /// the target's default privileges (a hand-written `create table` on an older project is granted to
    /// the API roles): without the pending files and with them. Where the files do not give the schema,
    /// a note says that this is the files' change, not the schema's.
    private static func pendingAccess(
        _ schema: Schema, files: [MigrationFile], pending: [MigrationFile], replay: RLSDatabase.MigrationReplay, afterPending: ChangePlan?,
        scratch: ScratchCluster
    ) throws -> AccessDiff {
        let applied = files.filter { !pending.contains($0) }
        let cluster = try scratch.cluster()
        var diff = AccessDiff(
            before: try AccessSnapshot.probe(schema, applying: applied, in: cluster, defaultPrivileges: replay.defaultPrivileges),
            after: try AccessSnapshot.probe(schema, applying: files, in: cluster, defaultPrivileges: replay.defaultPrivileges),
            schema: schema, describing: "the applied migrations",
            pending.count == 1 ? "with the pending file" : "with the \(pending.count) pending files")
        if let afterPending, !afterPending.isEmpty {
            diff.notes.append(
                "The pending files do not give what the schema declares (the plan above lists what would still differ): "
                    + "these are the access changes applying the files makes; `rls diff NAME` writes a file for the rest.")
        }
        return diff
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
