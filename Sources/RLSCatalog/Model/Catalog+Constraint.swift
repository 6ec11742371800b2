extension Catalog {
    /// A table constraint, its definition as `pg_get_constraintdef` prints it.
    public struct Constraint: Equatable, Sendable, Codable {
        /// The kind of constraint.
        public enum Kind: String, Equatable, Sendable, Codable {
            /// `PRIMARY KEY`.
            case primaryKey
            /// `UNIQUE`.
            case unique
            /// `CHECK`.
            case check
            /// `FOREIGN KEY … REFERENCES`.
            case foreignKey
            /// `EXCLUDE`.
            case exclusion
        }

        /// The constraint's name.
        public var name: String
        /// Its kind.
        public var kind: Kind
        /// The definition, for example `FOREIGN KEY (patron_id) REFERENCES public.patron(id) ON DELETE CASCADE`.
        public var definition: String
        /// For a foreign key, the table it references.
        public var referencedTable: QualifiedName?

        /// Creates a constraint entry.
        public init(name: String, kind: Kind, definition: String, referencedTable: QualifiedName? = nil) {
            self.name = name
            self.kind = kind
            self.definition = definition
            self.referencedTable = referencedTable
        }
    }
}
