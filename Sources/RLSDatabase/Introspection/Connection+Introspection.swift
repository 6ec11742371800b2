public import RLSCatalog

extension Connection {
    /// Reads what the database holds in its managed schemas into a ``Catalog``.
    ///
    /// Costs a fixed number of round trips (9), however many tables there are: seven batched
    /// catalog queries, plus opening and closing a read-only snapshot (or a savepoint, when the
    /// caller has a transaction open, such as `rls plan`'s read-only one). Takes no locks beyond
    /// the catalog reads and changes nothing.
    ///
    ///     let catalog = try connection.introspectCatalog()
    ///     print(catalog.tables.map(\.name))
    public func introspectCatalog() throws -> Catalog {
        let nested = isInTransaction
        // With an empty search_path the server schema-qualifies every name it prints.
        try execute(nested
            ? "SAVEPOINT rls_introspection; SET LOCAL search_path = ''"
            : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL search_path = ''")
        do {
            let catalog = try readCatalog()
            try execute(nested
                ? "ROLLBACK TO SAVEPOINT rls_introspection; RELEASE SAVEPOINT rls_introspection"
                : "COMMIT")
            return catalog
        } catch {
            try? execute(nested ? "ROLLBACK TO SAVEPOINT rls_introspection" : "ROLLBACK")
            throw error
        }
    }

    private func readCatalog() throws -> Catalog {
        var reader = CatalogRows()
        try reader.readSchemasAndEnums(query(IntrospectionQuery.schemasAndEnums))
        try reader.readRelations(query(IntrospectionQuery.relations))
        try reader.readColumns(query(IntrospectionQuery.columns))
        try reader.readTableParts(query(IntrospectionQuery.tableParts))
        try reader.readPolicies(query(IntrospectionQuery.policies))
        try reader.readFunctions(query(IntrospectionQuery.functions))
        try reader.readGrants(query(IntrospectionQuery.grants))
        return reader.catalog
    }
}
