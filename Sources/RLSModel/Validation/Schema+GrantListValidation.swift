extension Schema {
    /// Grant lists written out (``Table/grants(_:)``, ``Table/sequenceGrants(_:)``, ``View/grants(_:)``)
    /// that name a privilege the object does not have: `execute` or `create` on a table, `insert` on a
    /// sequence. Postgres would refuse the grant when the migration runs; this says so first.
    func grantListErrors(
        _ grants: [Role: Set<Privilege>]?, allowed: [Privilege], on what: String, _ name: TableName, _ source: DeclarationSite
    )
        -> [ValidationError]
    {
        guard let grants else { return [] }
        return grants.keys.sorted().compactMap { role in
            let wrong = grants[role]!.subtracting(allowed).sorted()
            guard !wrong.isEmpty else { return nil }
            return ValidationError(
                .invalidDeclaration, table: name, column: nil, source: source,
                "the grants on \(what) give \(role) \(wrong.map(\.description).joined(separator: ", ")), which \(what) does not have; "
                    + "use \(allowed.map(\.description).joined(separator: ", "))")
        }
    }
}
