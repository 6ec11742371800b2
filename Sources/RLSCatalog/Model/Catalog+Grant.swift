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
        ///
        /// Field by field, each read only when the ones before are equal: a catalog of a thousand tables
        /// sorts ten thousand grants. Privileges compare by their lower-case names, which are letters
        /// only, so in the order of the catalog names.
        public static func < (lhs: Grant, rhs: Grant) -> Bool {
            if lhs.objectKind != rhs.objectKind { return lhs.objectKind < rhs.objectKind }
            if lhs.object != rhs.object { return lhs.object < rhs.object }
            let arguments = (lhs.arguments ?? "", rhs.arguments ?? "")
            if arguments.0 != arguments.1 { return arguments.0 < arguments.1 }
            let columns = (lhs.column ?? "", rhs.column ?? "")
            if columns.0 != columns.1 { return columns.0 < columns.1 }
            if lhs.grantee.name != rhs.grantee.name { return lhs.grantee.name < rhs.grantee.name }
            if lhs.privilege != rhs.privilege { return lhs.privilege.rawValue < rhs.privilege.rawValue }
            return lhs.grantee == rhs.grantee && !lhs.grantable && rhs.grantable
        }
    }
}
