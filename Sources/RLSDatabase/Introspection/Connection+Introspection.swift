public import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension Connection {
    /// Reads what the database holds in its managed schemas into a ``Catalog``.
    ///
    /// Costs a fixed number of round trips (12), however many tables there are: ten batched
    /// catalog queries, plus opening and closing a read-only snapshot (or a savepoint, when the
    /// caller has a transaction open, such as `rls plan`'s read-only one). Takes no locks beyond
    /// the catalog reads and changes nothing.
    ///
    ///     let catalog = try connection.introspectCatalog()
    ///     print(catalog.tables.map(\.name))
    public func introspectCatalog() throws -> Catalog {
        try introspectRows().catalog()
    }

    /// ``introspectCatalog()`` and the ``CatalogFingerprint`` of what it read, in the same round trips.
    func introspectCatalogWithFingerprint() throws -> (catalog: Catalog, fingerprint: String) {
        let rows = try introspectRows()
        return (try rows.catalog(), rows.fingerprint)
    }

    /// What one introspection read, not yet turned into a ``Catalog`` (which a no-op plan never needs).
    func introspectRows() throws -> IntrospectionRows {
        let nested = isInTransaction
        // With an empty search_path the server schema-qualifies every name it prints.
        try execute(
            nested
                ? "SAVEPOINT rls_introspection; SET LOCAL search_path = ''"
                : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL search_path = ''; " + readTimeouts.setLocalSQL)
        do {
            let result = try readCatalog()
            try execute(
                nested
                    ? "ROLLBACK TO SAVEPOINT rls_introspection; RELEASE SAVEPOINT rls_introspection"
                    : "COMMIT")
            return result
        } catch {
            try? execute(nested ? "ROLLBACK TO SAVEPOINT rls_introspection" : "ROLLBACK")
            // Nested, the caller's transaction set its own timeouts and explains its own failures.
            throw nested ? error : explainingReadTimeout(error, reading: "the database's catalog")
        }
    }

    private func readCatalog() throws -> IntrospectionRows {
        IntrospectionRows(
            results: try IntrospectionQuery.all.map { try query($0) })
    }
}
