import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres

/// The rows of one introspection's queries, in ``IntrospectionQuery`` order: turned into a
/// ``Catalog`` on demand, fingerprinted without that.
struct IntrospectionRows {
    let results: [QueryResult]

    /// The ``CatalogFingerprint`` of these rows. Of the environment only what a plan compares counts
    /// (API role memberships and their default privileges beyond Supabase's): extensions and the
    /// like differ between a hosted project and a throwaway database without being drift.
    var fingerprint: String {
        // The objects: every result but the environment's (the ninth).
        let objects = CatalogFingerprint.of(Array(results.prefix(8) + results.dropFirst(9)))
        guard results.count > 8, let environment = try? CatalogRows.environment(results[8]),
            !environment.roleMemberships.isEmpty || !environment.apiDefaultPrivileges.isEmpty
        else { return objects }
        return SHA256.hexDigest(of: "\(objects)\n\(environment.roleMemberships)\n\(environment.apiDefaultPrivileges)".utf8)
    }

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
        var catalog = reader.catalog
        if results.count > 8 { catalog.environment = try CatalogRows.environment(results[8]) }
        if results.count > 9 { catalog.asWritten = try CatalogRows.asWritten(results[9]) }
        return catalog
    }
}
