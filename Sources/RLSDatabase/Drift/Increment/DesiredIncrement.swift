import RLSCatalog
import RLSEmbedded

/// The desired catalog of a schema, made from the cached catalog of an earlier version of it instead
/// of running every statement again: what changed between the two renderings (``StatementClosure``)
/// runs once as it was and once as it is, each on a throwaway database, and the objects that differ
/// between those two catalogs replace theirs in the cached one (``Catalog/applyingIncrement(from:to:)``).
///
/// At 1,000 tables a whole build runs 10,000 statements for 8-10 s; adding a table runs a dozen.
/// Whenever the result could differ from a whole build (a changed statement not understood, a
/// partial build that fails, an object the cached catalog holds differently from the old partial
/// build, a name taken twice), this returns nil and the caller builds everything.
enum DesiredIncrement {
    /// The catalog `sql` produces, from `base` (an earlier rendering and its whole catalog), and
    /// whether the two run the same statements (only comments differ); nil when only a whole build
    /// can say. Throws only what starting the cluster throws.
    static func catalog(
        from base: (sql: String, catalog: Catalog), to sql: String, in cluster: () throws -> EmbeddedCluster,
        defaultPrivileges: DefaultPrivileges
    ) throws -> (catalog: Catalog, sameStatements: Bool)? {
        let old = DesiredStatement.split(base.sql)
        let new = DesiredStatement.split(sql)
        // Only comments or spacing changed: the same statements make the same catalog.
        if old.map(\.text) == new.map(\.text) { return (base.catalog, true) }
        guard let closure = StatementClosure(from: old, to: new) else { return nil }
        let cluster = try cluster()
        guard
            let partial = try? ScratchDatabase.catalogs(
                ofEach: SQLScript(name: "The DSL's previous schema, in part", sql: closure.before),
                SQLScript(name: "The DSL's schema, in part", sql: closure.after), in: cluster, defaultPrivileges: defaultPrivileges)
        else { return nil }
        return base.catalog.applyingIncrement(from: partial.first, to: partial.second).map { ($0, false) }
    }
}
