import RLSCatalog
import RLSEmbedded

/// The desired catalog built from nothing: the whole schema on one throwaway database, or, for a
/// large schema, its two halves (``DesiredSplit``) side by side on two, joined
/// (``Catalog/union(_:_:)``). Whenever the halves cannot be trusted (one fails, or they disagree),
/// the whole build runs, and its error is the one the user sees.
enum DesiredBuild {
    /// The catalog `script` makes on a fresh database, and its fingerprint: ``DesiredCatalogCache/unknownFingerprint``
    /// when it was built in halves (a plan learns it from the first database that matches); with
    /// the script's statements, as `statements` gave them or as it split them (a cache entry keeps them),
    /// and the catalogs it was joined from (the halves, or the whole alone): a cache entry stores them.
    static func catalog(
        of script: SQLScript, statements given: [DesiredStatement]? = nil, in cluster: EmbeddedCluster,
        defaultPrivileges: DefaultPrivileges, fewestStatements: Int = DesiredSplit.fewestStatements, memo: PlanningMemo? = nil
    ) throws -> (catalog: Catalog, fingerprint: String, statements: [DesiredStatement], parts: [Catalog]) {
        let statements = given ?? memo?.desiredStatements(of: script.sql) ?? DesiredStatement.split(script.sql, withWords: true)
        // Enough statements to cut: the two databases are made while the halves are worked out.
        let made =
            statements.count >= fewestStatements ? ScratchDatabase.Made(2, in: cluster, defaultPrivileges: defaultPrivileges) : nil
        guard let made, let split = DesiredSplit(statements, fewestStatements: fewestStatements) else {
            made?.discard()
            let (catalog, fingerprint) = try ScratchDatabase.catalogWithFingerprint(
                applying: [script], in: cluster, defaultPrivileges: defaultPrivileges, memo: memo)
            return (catalog, fingerprint, statements, [catalog])
        }
        if let halves = try? ScratchDatabase.catalogs(
            ofEach: split.script(0, named: script.name + ", in part"), split.script(1, named: script.name + ", in part"), in: cluster,
            defaultPrivileges: defaultPrivileges, on: made),
            let union = Catalog.union(halves.first, halves.second)
        {
            return (union, DesiredCatalogCache.unknownFingerprint, statements, [halves.first, halves.second])
        }
        let (catalog, fingerprint) = try ScratchDatabase.catalogWithFingerprint(
            applying: [script], in: cluster, defaultPrivileges: defaultPrivileges, memo: memo)
        return (catalog, fingerprint, statements, [catalog])
    }
}
