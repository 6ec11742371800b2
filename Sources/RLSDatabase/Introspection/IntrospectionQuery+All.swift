import RLSEmbedded

extension IntrospectionQuery {
    /// The batch one introspection sends, in the order ``IntrospectionRows`` reads the results.
    static let all = [
        schemasAndEnums, relations, columns, tableParts, policies, functions, grants, liveTables, environment, asWritten,
    ]

    /// A digest of the queries' text: a catalog cached by an rls whose queries read differently
    /// (a new column, a privilege it now reads) is never taken for one read today.
    static let fingerprint = String(ClusterTemplate.fnv1a(all.joined(separator: "\u{1F}")), radix: 16)
}
