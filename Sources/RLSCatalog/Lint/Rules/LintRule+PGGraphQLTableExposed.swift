import RLSModel

extension LintRule {
    /// `pg-graphql-anon-table-exposed` (info): with `pg_graphql` installed, every table or view
    /// `anon` may select is described (name, columns, relations) by the public GraphQL
    /// introspection, even when RLS hides its rows. Confirm each is meant to be discoverable.
    public static let pgGraphQLAnonTableExposed = LintRule(
        id: .pgGraphQLAnonTableExposed, summary: "pg_graphql describes a table anon may select to anyone.",
        splinter: ["0026_pg_graphql_anon_table_exposed"]
    ) { catalog in
        graphQLExposure(catalog, role: .anon, rule: .pgGraphQLAnonTableExposed)
    }

    /// `pg-graphql-authenticated-table-exposed` (info): the same for `authenticated` (objects anon
    /// may select are reported once, by the anon rule).
    public static let pgGraphQLAuthenticatedTableExposed = LintRule(
        id: .pgGraphQLAuthenticatedTableExposed, summary: "pg_graphql describes a table authenticated may select to every user.",
        splinter: ["0027_pg_graphql_authenticated_table_exposed"]
    ) { catalog in
        graphQLExposure(catalog, role: .authenticated, rule: .pgGraphQLAuthenticatedTableExposed)
    }

    private static func graphQLExposure(_ catalog: Catalog, role: Role, rule: ID) -> [LintFinding] {
        guard catalog.environment.extension("pg_graphql") != nil else { return [] }
        let exposed = catalog.exposedSchemas
        let relations = (catalog.tables.map(\.name) + catalog.views.map(\.name)).filter { exposed.contains($0.schema) }
        return relations.sorted().filter { name in
            catalog.canUse(role, .select, on: name) && (role == .anon || !catalog.canUse(.anon, .select, on: name))
        }.map { name in
            LintFinding(
                rule: rule, level: .info, object: name.description,
                message: "pg_graphql is installed and \(role) may select from \(name): its name, columns and relations are visible "
                    + "through /graphql/v1 introspection to \(role == .anon ? "anyone with the anon key" : "every signed-in user"), "
                    + "whatever RLS lets them read. Revoke SELECT if it is not meant to be discoverable."
            )
        }
    }
}
