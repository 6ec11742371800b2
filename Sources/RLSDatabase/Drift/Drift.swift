import Dispatch
public import RLSCatalog
import RLSEmbedded
import RLSMigrations
public import RLSModel
import RLSPostgres
import Synchronization

/// Drift between a database and the schema the DSL declares: the front door of `rls plan`.
///
/// The desired side is not parsed from SQL: the DSL's rendering is applied to a throwaway database
/// in an embedded cluster and introspected, so both sides are in the server's own normalised
/// spelling and compare by meaning.
///
///     let plan = try Drift.plan(target: connection, desiredSQL: render(schema), scratch: cluster)
///     print(plan.summary)   // 0 to create, 1 to change, 0 to drop
public enum Drift {
    /// The changes that take `target` to the state `desiredSQL` creates on an empty Supabase database.
    ///
    /// Read-only on `target`: one snapshot of catalog reads (inside the caller's transaction when
    /// one is open), in a fixed number of round trips. The throwaway database gets the target's
    /// default privileges (``Catalog/publicTableDefaults``) unless `defaultPrivileges` says otherwise.
    /// With a `cacheDirectory` (the CLI passes `.rls/cache`), the desired catalog is kept there and
    /// only rebuilt when `desiredSQL` changes (by increment from the version cached last where it
    /// can: ``desiredCatalog(_:in:defaultPrivileges:cacheDirectory:memo:)``); `scratch` is only evaluated
    /// (so a cluster only started) when it is not cached. `memo` holds what the caller's run computed
    /// already (``PlanningMemo``); by default this call's own.
    public static func plan(
        target: Connection, desiredSQL: String, scratch cluster: @autoclosure () throws -> EmbeddedCluster,
        defaultPrivileges: DefaultPrivileges? = nil, cacheDirectory: String? = nil,
        leavingOut undeclared: UndeclaredObjects = UndeclaredObjects(), memo: PlanningMemo = PlanningMemo()
    ) throws -> ChangePlan {
        // The schema changed since it was cached: its desired state is made from the cached one of
        // the version before, whose entry is decoded (and the statements to rebuild found) while the
        // target is read; joined before anything returns.
        let starting = DispatchGroup()
        let start = Mutex<DesiredCatalogCache.IncrementStart?>(nil)
        // With no desired state cached at all there is nothing to start from (a first plan, below).
        let firstPlan = cacheDirectory.map { FirstDesiredBuild.isWanted(cacheDirectory: $0) } ?? false
        if let cacheDirectory, !firstPlan, !isDesiredStateCached(desiredSQL, cacheDirectory: cacheDirectory, memo: memo) {
            DispatchQueue.global().async(group: starting) {
                let found = DesiredCatalogCache(directory: cacheDirectory, memo: memo).incrementStart(to: desiredSQL)
                start.withLock { $0 = found }
            }
        }
        defer { starting.wait() }
        // A new desired state is written to the cache while the two catalogs are compared.
        let writes = DispatchGroup()
        // Nothing cached to start from: the desired state is built while the target is read.
        let first: FirstDesiredBuild? =
            if let cacheDirectory, firstPlan, !target.isInTransaction {
                FirstDesiredBuild(
                    desiredSQL, in: try cluster(), privileges: try defaultPrivileges ?? target.publicTableDefaults(),
                    cacheDirectory: cacheDirectory, writes: writes, memo: memo)
            } else {
                nil
            }
        defer { first?.wait() }
        let known = cacheDirectory.map(KnownTargetCache.init)
        let stamp = known == nil ? nil : try target.catalogStampIfReadable()
        let verdict =
            known == nil
            ? ""
            : KnownTargetCache.emptyPlanVerdict(
                desiredDigest: memo.digest(desiredSQL), defaultPrivileges: defaultPrivileges, undeclared: undeclared)
        guard
            let (rows, fingerprint) = try rowsUnlessCached(
                target, at: stamp, known, verdict, desiredSQL, defaultPrivileges, cacheDirectory, memo)
        else { return ChangePlan(changes: []) }
        let current = try rows.catalog().leavingOut(undeclared)
        let privileges = defaultPrivileges ?? current.publicTableDefaults
        starting.wait()
        let desired: Catalog
        if let first, first.privileges == privileges {
            desired = try first.catalog()
        } else {
            first?.wait()
            desired = try desiredCatalog(
                desiredSQL, in: try cluster(), defaultPrivileges: privileges, cacheDirectory: cacheDirectory, writes: writes,
                start: start.withLock { $0 }, memo: memo)
        }
        let plan = ChangePlan(from: current, to: desired)
        writes.wait()
        guard plan.isEmpty, let cacheDirectory else { return plan }
        // Nothing to change at this stamp: the next plan of the unchanged database reads only the stamp.
        if let stamp, let known { known.rememberEmptyPlan(verdict, at: stamp) }
        // A desired state made by an increment has no fingerprint until a database is found to match
        // it; then any database read the same way needs no change either. Only with nothing left out:
        // what is left out is not in the SQL the cache is keyed by.
        if undeclared.isEmpty, let fingerprint {
            DesiredCatalogCache(directory: cacheDirectory, memo: memo).learn(
                fingerprint, forDigest: memo.digest(desiredSQL), defaultPrivileges: privileges)
        }
        return plan
    }

    /// Whether `cacheDirectory` holds no desired state at all (a first plan on this machine, as on a
    /// fresh CI runner): the plan then builds the schema's state on a throwaway database for certain.
    public static func cachesNoDesiredState(_ cacheDirectory: String) -> Bool {
        FirstDesiredBuild.isWanted(cacheDirectory: cacheDirectory)
    }

    /// Drift that pending migration files do not explain: the changes from `target` to the DSL's
    /// state, minus those that applying `pending` after `applied` makes on a throwaway database.
    ///
    /// With no pending files this is ``plan(target:desiredSQL:scratch:defaultPrivileges:cacheDirectory:leavingOut:memo:)``.
    /// With some, what remains is what someone changed by hand or what no migration carries yet.
    public static func plan(
        target: Connection, desiredSQL: String, applied: [SQLScript], pending: [SQLScript],
        scratch cluster: @autoclosure () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges? = nil,
        cacheDirectory: String? = nil, leavingOut undeclared: UndeclaredObjects = UndeclaredObjects(),
        memo: PlanningMemo = PlanningMemo()
    ) throws -> ChangePlan {
        guard !pending.isEmpty else {
            return try plan(
                target: target, desiredSQL: desiredSQL, scratch: try cluster(), defaultPrivileges: defaultPrivileges,
                cacheDirectory: cacheDirectory, leavingOut: undeclared, memo: memo)
        }
        let replay = try MigrationReplay(
            target: target, applied: applied, pending: pending, scratch: try cluster(), defaultPrivileges: defaultPrivileges)
        return try plan(
            replay, desiredSQL: desiredSQL, scratch: try cluster(), cacheDirectory: cacheDirectory, leavingOut: undeclared, memo: memo)
    }

    /// Drift that the pending files of `replay` do not explain: the changes from its target to the
    /// DSL's state, minus those the pending files make on the throwaway database. `fresh`, when
    /// given, is the desired state without default privileges, under way already: used when the
    /// target has none either.
    public static func plan(
        _ replay: MigrationReplay, desiredSQL: String, scratch cluster: @autoclosure () throws -> EmbeddedCluster,
        cacheDirectory: String? = nil, leavingOut undeclared: UndeclaredObjects = UndeclaredObjects(),
        memo: PlanningMemo = PlanningMemo(), fresh: FreshDesiredState? = nil
    ) throws -> ChangePlan {
        let current = replay.target.leavingOut(undeclared)
        let desired =
            if let fresh, replay.defaultPrivileges == .none {
                try fresh.catalog()
            } else {
                try desiredCatalog(
                    desiredSQL, in: try cluster(), defaultPrivileges: replay.defaultPrivileges, cacheDirectory: cacheDirectory, memo: memo)
            }
        let full = ChangePlan(from: current, to: desired)
        // Matched by what a change is about, not by its SQL: a table the pending files create is not drift
        // when they leave its columns in another order (a later file adding one); where their result
        // still differs from the schema, `rls plan` shows it from the replay of every file.
        let explained = Set(replay.changes(leavingOut: undeclared).changes.map(\.subject))
        return ChangePlan(changes: full.changes.filter { !explained.contains($0.subject) })
    }

    /// What an introspection of `target` reads, or nil when the plan is known to be empty without it:
    /// the target's ``CatalogStamp`` is one seen before (``KnownTargetCache``) and a plan at that stamp
    /// found nothing to change against this desired state (`verdict`), or the fingerprint stored for
    /// it is the cached desired state's. Else the catalog is read in full, and (with a cache) its
    /// fingerprint stored at the stamp; nil again when it matches the desired state's exactly.
    private static func rowsUnlessCached(
        _ target: Connection, at stamp: CatalogStamp?, _ known: KnownTargetCache?, _ verdict: String, _ desiredSQL: String,
        _ privileges: DefaultPrivileges?, _ cacheDirectory: String?, _ memo: PlanningMemo
    ) throws -> (rows: IntrospectionRows, fingerprint: String?)? {
        if let stamp, let entry = known?.entry(at: stamp),
            entry.emptyPlans.contains(verdict) || matchesCache(entry.fingerprint, desiredSQL, privileges, cacheDirectory, memo)
        {
            return nil
        }
        let rows = try target.introspectRows()
        guard cacheDirectory != nil else { return (rows, nil) }
        let fingerprint = rows.fingerprint
        if let stamp { known?.remember(fingerprint, at: stamp) }
        return matchesCache(fingerprint, desiredSQL, privileges, cacheDirectory, memo) ? nil : (rows, fingerprint)
    }

    /// True when the target read exactly what a cached desired state holds: the plan is empty, and
    /// neither reading the rows into a catalog, decoding the cached one nor diffing is needed (the
    /// no-op `rls plan` fast path). Either default-privileges flavour may match: equal fingerprints
    /// mean equal catalogs, default privileges included.
    private static func matchesCache(
        _ fingerprint: String, _ desiredSQL: String, _ privileges: DefaultPrivileges?, _ cacheDirectory: String?, _ memo: PlanningMemo
    ) -> Bool {
        guard let cacheDirectory else { return false }
        let cache = DesiredCatalogCache(directory: cacheDirectory, memo: memo)
        let candidates = privileges.map { [$0] } ?? DefaultPrivileges.allCases
        let digest = memo.digest(desiredSQL)
        return candidates.contains { cache.fingerprint(forDigest: digest, defaultPrivileges: $0) == fingerprint }
    }

    /// Whether `cacheDirectory` holds the desired state of `desiredSQL` (for either default-privileges
    /// behaviour): when it does not, a plan will need a throwaway cluster for certain, and a caller may
    /// start one early (``desiredCatalog(_:in:defaultPrivileges:cacheDirectory:memo:)`` builds it).
    public static func isDesiredStateCached(_ desiredSQL: String, cacheDirectory: String?, memo: PlanningMemo = PlanningMemo()) -> Bool {
        guard let cacheDirectory else { return false }
        let cache = DesiredCatalogCache(directory: cacheDirectory, memo: memo)
        let digest = memo.digest(desiredSQL)
        return DefaultPrivileges.allCases.contains { cache.fingerprint(forDigest: digest, defaultPrivileges: $0) != nil }
    }

    /// The catalog `desiredSQL` produces on a fresh Supabase-shaped database (read from
    /// `cacheDirectory` when it was computed before for the same SQL; after an edit, made from the
    /// one cached last by running only the statements the edit touches, when that is sure to give
    /// the same catalog, as Docs/PERFORMANCE.md describes).
    public static func desiredCatalog(
        _ desiredSQL: String, in cluster: @autoclosure () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none,
        cacheDirectory: String? = nil, memo: PlanningMemo = PlanningMemo()
    ) throws -> Catalog {
        try desiredCatalog(
            desiredSQL, in: try cluster(), defaultPrivileges: defaultPrivileges, cacheDirectory: cacheDirectory, writes: nil, memo: memo)
    }

    /// ``desiredCatalog(_:in:defaultPrivileges:cacheDirectory:memo:)``; with `writes`, a new cache entry is
    /// written in that group (the caller waits for it), and an increment begins at `start` when it
    /// was found for this SQL already.
    static func desiredCatalog(
        _ desiredSQL: String, in cluster: @autoclosure () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges,
        cacheDirectory: String?, writes: DispatchGroup?, start: DesiredCatalogCache.IncrementStart? = nil, memo: PlanningMemo
    ) throws -> Catalog {
        let script = [SQLScript(name: "The DSL's schema", sql: desiredSQL)]
        guard let cacheDirectory else {
            return try DesiredBuild.catalog(of: script[0], in: try cluster(), defaultPrivileges: defaultPrivileges, memo: memo).catalog
        }
        return try DesiredCatalogCache(directory: cacheDirectory, memo: memo).catalog(
            for: desiredSQL, defaultPrivileges: defaultPrivileges, writes: writes, start: start,
            increment: { base, preparation in
                try DesiredIncrement.catalog(
                    from: base, to: desiredSQL, preparation: preparation, in: cluster, defaultPrivileges: defaultPrivileges)
            },
            build: {
                let built = try DesiredBuild.catalog(
                    of: script[0], statements: start?.sql == desiredSQL ? start?.statements : nil, in: try cluster(),
                    defaultPrivileges: defaultPrivileges, memo: memo, forCache: true)
                return (built.catalog, built.fingerprint, built.statements.map(\.text), built.parts)
            }
        )
    }
}
