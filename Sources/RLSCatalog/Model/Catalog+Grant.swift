import RLSModel

extension Catalog {
    /// One privilege held by one role on one object: `GRANT SELECT ON TABLE public.brand TO anon`.
    ///
    /// The owner's own privileges are not listed; `PUBLIC` is the grantee `public`.
    public struct Grant: Hashable, Comparable, Sendable, Codable {
        /// What kind of object the privilege is on.
        public enum ObjectKind: String, Hashable, Comparable, Sendable, Codable {
            /// A schema (`USAGE`, `CREATE`).
            case schema = "SCHEMA"
            /// A table, view or materialized view.
            case table = "TABLE"
            /// A sequence.
            case sequence = "SEQUENCE"
            /// A function or procedure; `name` holds its signature.
            case function = "FUNCTION"
            /// A type (only in default privileges: grants on types are not read).
            case type = "TYPE"

            /// Orders by declaration order.
            public static func < (lhs: ObjectKind, rhs: ObjectKind) -> Bool {
                lhs.order < rhs.order
            }

            private var order: Int {
                switch self {
                case .schema: 0
                case .table: 1
                case .sequence: 2
                case .function: 3
                case .type: 4
                }
            }
        }

        /// The kind of object.
        public var objectKind: ObjectKind
        /// The object: `public.brand`; a schema's name is in `object.schema` with an empty `object.name`.
        public var object: QualifiedName
        /// For a function, its identity arguments (`uuid, text`); nil otherwise.
        public var arguments: String?
        /// The column for a column privilege, nil for the whole object.
        public var column: String?
        /// The role that holds the privilege (``Role/public`` for PUBLIC).
        public var grantee: Role
        /// The privilege, for example `.select` (`SELECT`).
        public var privilege: Privilege
        /// `WITH GRANT OPTION`.
        public var grantable: Bool

        /// Creates a grant entry.
        public init(
            objectKind: ObjectKind, object: QualifiedName, arguments: String? = nil, column: String? = nil,
            grantee: Role,
            privilege: Privilege, grantable: Bool = false
        ) {
            self.objectKind = objectKind
            self.object = object
            self.arguments = arguments
            self.column = column
            self.grantee = grantee
            self.privilege = privilege
            self.grantable = grantable
        }

        /// Orders by object kind, object, column, grantee (by name), then privilege (by its catalog
        /// name: `DELETE` before `SELECT`).
        public static func < (lhs: Grant, rhs: Grant) -> Bool {
            (lhs.objectKind, lhs.object, lhs.arguments ?? "", lhs.column ?? "", lhs.grantee.name, lhs.privilege.catalogName)
                < (rhs.objectKind, rhs.object, rhs.arguments ?? "", rhs.column ?? "", rhs.grantee.name, rhs.privilege.catalogName)
                || (lhs.objectKind, lhs.object, lhs.arguments ?? "", lhs.column ?? "", lhs.grantee, lhs.privilege)
                    == (rhs.objectKind, rhs.object, rhs.arguments ?? "", rhs.column ?? "", rhs.grantee, rhs.privilege)
                    && !lhs.grantable && rhs.grantable
        }
    }
}
