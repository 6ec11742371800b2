public import RLSCatalog

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
    /// `scratch` is only evaluated (so a cluster only started) when the desired catalog is not cached.
    ///
    /// Read-only on `target`: one snapshot of catalog reads (inside the caller's transaction when
    /// one is open), in a fixed number of round trips. With a `cacheDirectory` (the CLI passes
    /// `.rls/cache`), the desired catalog is kept there and only rebuilt when `desiredSQL` changes.
    public static func plan(
        target: Connection, desiredSQL: String, scratch cluster: @autoclosure () throws -> EmbeddedCluster,
        defaultPrivileges: DefaultPrivileges = .none, cacheDirectory: String? = nil
    ) throws -> ChangePlan {
        let desired = try desiredCatalog(desiredSQL, in: try cluster(), defaultPrivileges: defaultPrivileges,
                                         cacheDirectory: cacheDirectory)
        return ChangePlan(from: try target.introspectCatalog(), to: desired)
    }

    /// Drift that pending migration files do not explain: the changes from `target` to the DSL's
    /// state, minus those that applying `pending` after `applied` makes on a throwaway database.
    ///
    /// With no pending files this is ``plan(target:desiredSQL:scratch:defaultPrivileges:)``. With
    /// some, what remains is what someone changed by hand or what no migration carries yet.
    public static func plan(
        target: Connection, desiredSQL: String, applied: [SQLScript], pending: [SQLScript],
        scratch cluster: @autoclosure () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none, cacheDirectory: String? = nil
    ) throws -> ChangePlan {
        let full = try plan(target: target, desiredSQL: desiredSQL, scratch: try cluster(),
                            defaultPrivileges: defaultPrivileges, cacheDirectory: cacheDirectory)
        guard !pending.isEmpty else { return full }
        let scratch = try cluster()
        let before = try ScratchDatabase.catalog(applying: applied, in: scratch, defaultPrivileges: defaultPrivileges)
        let after = try ScratchDatabase.catalog(applying: applied + pending, in: scratch, defaultPrivileges: defaultPrivileges)
        let explained = ChangePlan(from: before, to: after).changes
        return ChangePlan(changes: full.changes.filter { !explained.contains($0) })
    }

    /// The catalog `desiredSQL` produces on a fresh Supabase-shaped database (read from
    /// `cacheDirectory` when it was computed before for the same SQL).
    public static func desiredCatalog(
        _ desiredSQL: String, in cluster: @autoclosure () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none,
        cacheDirectory: String? = nil
    ) throws -> Catalog {
        let script = [SQLScript(name: "The DSL's schema", sql: desiredSQL)]
        guard let cacheDirectory else {
            return try ScratchDatabase.catalog(applying: script, in: try cluster(), defaultPrivileges: defaultPrivileges)
        }
        return try DesiredCatalogCache(directory: cacheDirectory).catalog(for: desiredSQL, defaultPrivileges: defaultPrivileges) {
            try ScratchDatabase.catalog(applying: script, in: try cluster(), defaultPrivileges: defaultPrivileges)
        }
    }
}
