extension Catalog {
    /// A trigger, its definition as `pg_get_triggerdef` prints it.
    public struct Trigger: Equatable, Sendable, Codable {
        /// The table the trigger is on (may be `auth.users`).
        public var table: QualifiedName
        /// The trigger's name (unique per table).
        public var name: String
        /// `CREATE TRIGGER … EXECUTE FUNCTION …`, without a trailing semicolon.
        public var definition: String
        /// False when `ALTER TABLE … DISABLE TRIGGER` is in effect.
        public var enabled: Bool
        /// Columns and relations it depends on (`UPDATE OF`, `WHEN`), sorted. Not part of equality.
        public var dependencies: [ColumnReference]

        /// Creates a trigger entry.
        public init(
            table: QualifiedName, name: String, definition: String, enabled: Bool = true,
            dependencies: [ColumnReference] = []
        ) {
            self.table = table
            self.name = name
            self.definition = definition
            self.enabled = enabled
            self.dependencies = Array(Set(dependencies)).sorted()
        }

        /// Compares what the trigger does, ignoring recorded dependencies.
        public static func == (lhs: Trigger, rhs: Trigger) -> Bool {
            (lhs.table, lhs.name, lhs.definition, lhs.enabled) == (rhs.table, rhs.name, rhs.definition, rhs.enabled)
        }
    }
}
