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
    /// `preparation` is what ``prepared(from:to:)`` found for the same base and SQL, when the caller
    /// found it already (while the target was read); found here otherwise.
    static func catalog(
        from base: (key: String, statements: [String], catalog: Catalog), to sql: String, preparation: Preparation? = nil,
        in cluster: () throws -> EmbeddedCluster, defaultPrivileges: DefaultPrivileges
    ) throws -> (catalog: Catalog, sameStatements: Bool)? {
        let closure: StatementClosure
        switch preparation ?? prepared(from: (base.key, base.statements), to: DesiredStatement.split(sql)) {
        case .sameStatements: return (base.catalog, true)
        case .wholeBuild: return nil
        case .partial(let found): closure = found
        }
        let cluster = try cluster()
        guard
            let partial = try? ScratchDatabase.catalogs(
                ofEach: SQLScript(name: "The DSL's previous schema, in part", sql: closure.before),
                SQLScript(name: "The DSL's schema, in part", sql: closure.after), in: cluster, defaultPrivileges: defaultPrivileges)
        else { return nil }
        return base.catalog.applyingIncrement(from: partial.first, to: partial.second).map { ($0, false) }
    }

    /// What an increment from `base` (a cached entry's key and statements) to the statements `new`
    /// (the new rendering's, ``DesiredStatement/split(_:)``) runs.
    static func prepared(from base: (key: String, statements: [String]), to new: [DesiredStatement]) -> Preparation {
        var known: [String: DesiredStatement] = [:]
        for statement in new { known[statement.text] = statement }
        let old = base.statements.map { known[$0] ?? DesiredStatement($0) }
        // Only comments or spacing changed: the same statements make the same catalog.
        return old.map(\.text) == new.map(\.text)
            ? .sameStatements : StatementClosure(from: old, to: new).map(Preparation.partial) ?? .wholeBuild
    }

    /// What an increment runs.
    enum Preparation: Sendable {
        /// The same statements: the base's catalog is the answer.
        case sameStatements
        /// Two partial builds.
        case partial(StatementClosure)
        /// Nothing short of the whole build is sure.
        case wholeBuild
    }
}
