extension Catalog {
    /// A view or materialized view, its query as `pg_get_viewdef` prints it.
    public struct View: Equatable, Sendable, Codable {
        /// The view's qualified name.
        public var name: QualifiedName
        /// `CREATE MATERIALIZED VIEW` rather than `CREATE VIEW`.
        public var isMaterialized: Bool
        /// The `SELECT …` query, without a trailing semicolon.
        public var query: String
        /// `WITH (…)` options, sorted, for example `security_invoker=true`.
        public var options: [String]
        /// `COMMENT ON VIEW`, if any.
        public var comment: String?
        /// Columns and relations the query reads (from `pg_depend`), sorted. Not part of equality.
        public var dependencies: [ColumnReference]

        /// Creates a view entry.
        public init(
            name: QualifiedName, isMaterialized: Bool = false, query: String, options: [String] = [],
            comment: String? = nil, dependencies: [ColumnReference] = []
        ) {
            self.name = name
            self.isMaterialized = isMaterialized
            self.query = query
            self.options = options.sorted()
            self.comment = comment
            self.dependencies = Array(Set(dependencies)).sorted()
        }

        /// Compares what the view shows, ignoring recorded dependencies.
        public static func == (lhs: View, rhs: View) -> Bool {
            (lhs.name, lhs.isMaterialized, lhs.query, lhs.options, lhs.comment)
                == (rhs.name, rhs.isMaterialized, rhs.query, rhs.options, rhs.comment)
        }

        /// `VIEW` or `MATERIALIZED VIEW`.
        public var keyword: String { isMaterialized ? "MATERIALIZED VIEW" : "VIEW" }
    }
}
