import RLSModel

extension Catalog {
    /// A row-level security policy, its expressions as the server deparses them.
    public struct Policy: Equatable, Sendable, Codable {
        /// The command a policy applies to.
        public enum Command: String, Equatable, Sendable, Codable {
            /// `FOR ALL`.
            case all = "ALL"
            /// `FOR SELECT`.
            case select = "SELECT"
            /// `FOR INSERT`.
            case insert = "INSERT"
            /// `FOR UPDATE`.
            case update = "UPDATE"
            /// `FOR DELETE`.
            case delete = "DELETE"
        }

        /// The table the policy is on.
        public var table: QualifiedName
        /// The policy's name (unique per table).
        public var name: String
        /// `FOR …`.
        public var command: Command
        /// `TO …` roles, sorted by name; ``Role/public`` means every role.
        public var roles: [Role]
        /// `AS PERMISSIVE` (true) or `AS RESTRICTIVE`.
        public var permissive: Bool
        /// The `USING` expression, if any.
        public var using: String?
        /// The `WITH CHECK` expression, if any.
        public var withCheck: String?
        /// `COMMENT ON POLICY`, if any.
        public var comment: String?
        /// Columns and relations the expressions read (from `pg_depend`), sorted. Not part of equality.
        public var dependencies: [ColumnReference]

        /// Creates a policy entry; roles (by name) and dependencies are sorted.
        public init(
            table: QualifiedName, name: String, command: Command = .all, roles: [Role] = [.public],
            permissive: Bool = true, using: String? = nil, withCheck: String? = nil, comment: String? = nil,
            dependencies: [ColumnReference] = []
        ) {
            self.table = table
            self.name = name
            self.command = command
            self.roles = roles.sorted(by: Role.byName)
            self.permissive = permissive
            self.using = using
            self.withCheck = withCheck
            self.comment = comment
            self.dependencies = Array(Set(dependencies)).sorted()
        }

        /// Compares what the policy does, ignoring recorded dependencies.
        public static func == (lhs: Policy, rhs: Policy) -> Bool {
            (lhs.table, lhs.name, lhs.command, lhs.roles, lhs.permissive)
                == (rhs.table, rhs.name, rhs.command, rhs.roles, rhs.permissive)
                && (lhs.using, lhs.withCheck, lhs.comment) == (rhs.using, rhs.withCheck, rhs.comment)
        }
    }
}
