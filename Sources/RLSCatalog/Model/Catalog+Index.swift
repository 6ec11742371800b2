extension Catalog {
    /// An index not owned by a constraint, its definition as `pg_get_indexdef` prints it.
    public struct Index: Equatable, Sendable, Codable {
        /// The index's name (in the table's schema).
        public var name: String
        /// The full statement, for example `CREATE INDEX saved_patron_id_idx ON public.saved USING btree (patron_id)`.
        public var definition: String

        /// Creates an index entry.
        public init(name: String, definition: String) {
            self.name = name
            self.definition = definition
        }
    }
}
