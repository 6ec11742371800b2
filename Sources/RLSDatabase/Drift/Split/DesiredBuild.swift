import RLSCatalog
import RLSEmbedded
import Synchronization

/// The desired catalog built from nothing: the whole schema on one throwaway database, or, for a
/// large schema, its two halves (``DesiredSplit``) side by side on two, joined
/// (``Catalog/union(_:_:)``). Whenever the halves cannot be trusted (one fails, or they disagree),
/// the whole build runs, and its error is the one the user sees.
enum DesiredBuild {
    /// How many statements a half commits at a time.
    static let statementsPerCommit = 300

    /// The catalog `script` makes on a fresh database, and its fingerprint: ``DesiredCatalogCache/unknownFingerprint``
    /// when it was built in halves (a plan learns it from the first database that matches); with
    /// the script's statements, as `statements` gave them or as it split them (a cache entry keeps them).
    /// `forCache`: also the parts of a cache entry (``DesiredCatalogCache/Part``), the halves it was
    /// joined from or the whole alone, each encoded from the moment it is read (a half while the other
    /// still builds); none otherwise.
    static func catalog(
        of script: SQLScript, statements given: [DesiredStatement]? = nil, in cluster: EmbeddedCluster,
        defaultPrivileges: DefaultPrivileges, fewestStatements: Int = DesiredSplit.fewestStatements, memo: PlanningMemo? = nil,
        forCache: Bool = false
    ) throws -> (catalog: Catalog, fingerprint: String, statements: [DesiredStatement], parts: [DesiredCatalogCache.Part]) {
        let statements = given ?? memo?.desiredStatements(of: script.sql) ?? DesiredStatement.split(script.sql, withWords: true)
        func whole() throws -> (catalog: Catalog, fingerprint: String, statements: [DesiredStatement], parts: [DesiredCatalogCache.Part]) {
            let (catalog, fingerprint) = try ScratchDatabase.catalogWithFingerprint(
                applying: [script], in: cluster, defaultPrivileges: defaultPrivileges, memo: memo)
            return (catalog, fingerprint, statements, forCache ? [DesiredCatalogCache.Part(catalog)] : [])
        }
        // Enough statements to cut: the two databases are made while the halves are worked out.
        let made =
            statements.count >= fewestStatements ? ScratchDatabase.Made(2, in: cluster, defaultPrivileges: defaultPrivileges) : nil
        guard let made, let split = DesiredSplit(statements, fewestStatements: fewestStatements) else {
            made?.discard()
            return try whole()
        }
        let parts = Mutex<[Int: DesiredCatalogCache.Part]>([:])
        // A half that fails sends the schema to the whole build, in one transaction: the halves may
        // commit as they go, when every statement is one whose effect outlives its transaction.
        let lasting = statements.allSatisfy(\.outlivesItsTransaction)
        if let halves = try? ScratchDatabase.catalogs(
            ofEach: split.script(0, named: script.name + ", in part"), split.script(1, named: script.name + ", in part"), in: cluster,
            defaultPrivileges: defaultPrivileges, on: made, committingEvery: lasting ? Self.statementsPerCommit : nil,
            read: { index, half in if forCache { parts.withLock { $0[index] = DesiredCatalogCache.Part(half) } } }),
            let union = Catalog.union(halves.first, halves.second)
        {
            return (union, DesiredCatalogCache.unknownFingerprint, statements, parts.withLock { [$0[0], $0[1]].compactMap { $0 } })
        }
        return try whole()
    }
}
