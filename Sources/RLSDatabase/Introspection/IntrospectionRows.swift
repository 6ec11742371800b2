import RLSCatalog

/// The rows of one introspection's queries, in ``IntrospectionQuery`` order: turned into a
/// ``Catalog`` on demand, fingerprinted without that.
struct IntrospectionRows {
    let results: [QueryResult]

    /// The ``CatalogFingerprint`` of these rows.
    var fingerprint: String { CatalogFingerprint.of(results) }

    /// The catalog these rows describe.
    func catalog() throws -> Catalog {
        var reader = CatalogRows()
        try reader.readSchemasAndEnums(results[0])
        try reader.readRelations(results[1])
        try reader.readColumns(results[2])
        try reader.readTableParts(results[3])
        try reader.readPolicies(results[4])
        try reader.readFunctions(results[5])
        try reader.readGrants(results[6])
        try reader.readLiveTables(results[7])
        return reader.catalog
    }
}
