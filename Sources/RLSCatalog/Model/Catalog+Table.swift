extension Catalog {
    /// A table with its columns, constraints, indexes and row-level security switches.
    public struct Table: Equatable, Sendable, Codable {
        /// The table's qualified name.
        public var name: QualifiedName
        /// Columns in their physical order.
        public var columns: [Column]
        /// Primary key, unique, check, foreign key and exclusion constraints, sorted by name.
        public var constraints: [Constraint]
        /// Indexes that no constraint owns, sorted by name.
        public var indexes: [Index]
        /// `ALTER TABLE … ENABLE ROW LEVEL SECURITY` is in effect.
        public var rowSecurity: Bool
        /// `ALTER TABLE … FORCE ROW LEVEL SECURITY` is in effect.
        public var forceRowSecurity: Bool
        /// `COMMENT ON TABLE`, if any.
        public var comment: String?
        /// In the `supabase_realtime` publication: Realtime pushes its changes.
        public var isLive: Bool
        /// What updates and deletes carry of the old row (`REPLICA IDENTITY`).
        public var replicaIdentity: ReplicaIdentity

        /// Creates a table entry; constraints and indexes are sorted by name.
        public init(
            name: QualifiedName, columns: [Column] = [], constraints: [Constraint] = [], indexes: [Index] = [],
            rowSecurity: Bool = false, forceRowSecurity: Bool = false, comment: String? = nil,
            isLive: Bool = false, replicaIdentity: ReplicaIdentity = .default
        ) {
            self.name = name
            self.columns = columns
            self.constraints = constraints.sorted { $0.name < $1.name }
            self.indexes = indexes.sorted { $0.name < $1.name }
            self.rowSecurity = rowSecurity
            self.forceRowSecurity = forceRowSecurity
            self.comment = comment
            self.isLive = isLive
            self.replicaIdentity = replicaIdentity
        }

        /// The column named `name`, if the table has it.
        public func column(_ name: String) -> Column? {
            columns.first { $0.name == name }
        }

        /// The tables this table's foreign keys point at (itself excluded), sorted.
        public var referencedTables: [QualifiedName] {
            Set(constraints.compactMap(\.referencedTable)).subtracting([name]).sorted()
        }
    }
}
