import RLSSQL

// The diff's orders, through RLSSQL's one `dependencyOrder`; names break ties, so a plan is the
// same whatever order the catalog was read in.

extension [Catalog.Table] {
    /// Each table after the tables its foreign keys reference.
    var referencedFirst: [Catalog.Table] {
        dependencyOrder(sorted { $0.name < $1.name }, name: \.name, dependencies: \.referencedTables)
    }
}

extension [Catalog.View] {
    /// Each view after the views it reads (Postgres forbids cycles among views).
    var dependenciesFirst: [Catalog.View] {
        dependencyOrder(sorted { $0.name < $1.name }, name: \.name, dependencies: { $0.dependencies.map(\.relation) })
    }
}
