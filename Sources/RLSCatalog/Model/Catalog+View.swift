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
        /// A materialized view holds its rows (false: created `WITH NO DATA` and not refreshed since);
        /// always true for a view.
        public var isPopulated: Bool
        /// A materialized view's indexes, by name.
        public var indexes: [Index]
        /// Columns and relations the query reads (from `pg_depend`), sorted. Not part of equality.
        public var dependencies: [ColumnReference]

        /// Creates a view entry.
        public init(
            name: QualifiedName, isMaterialized: Bool = false, query: String, options: [String] = [],
            comment: String? = nil, isPopulated: Bool = true, indexes: [Index] = [], dependencies: [ColumnReference] = []
        ) {
            self.name = name
            self.isMaterialized = isMaterialized
            self.query = query
            self.options = options.sorted()
            self.comment = comment
            self.isPopulated = isPopulated
            self.indexes = indexes.sorted { $0.name < $1.name }
            self.dependencies = Array(Set(dependencies)).sorted()
        }

        /// Compares what the view shows, ignoring recorded dependencies.
        public static func == (lhs: View, rhs: View) -> Bool {
            (lhs.name, lhs.isMaterialized, lhs.query, lhs.options, lhs.comment)
                == (rhs.name, rhs.isMaterialized, rhs.query, rhs.options, rhs.comment)
                && (lhs.isPopulated, lhs.indexes) == (rhs.isPopulated, rhs.indexes)
        }

        /// True when the two are made by the same `CREATE`: kind, query and options (a
        /// materialized view that differs in these is dropped and created again).
        public func isDefined(like other: View) -> Bool {
            (name, isMaterialized, query, options) == (other.name, other.isMaterialized, other.query, other.options)
        }

        /// `VIEW` or `MATERIALIZED VIEW`.
        public var keyword: String { isMaterialized ? "MATERIALIZED VIEW" : "VIEW" }
    }
}
