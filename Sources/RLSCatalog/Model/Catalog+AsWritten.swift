public import RLSModel
import RLSSQL

extension Catalog {
    /// A domain, composite or range type, aggregate or standalone sequence, which the DSL declares by
    /// its SQL (``RLSModel/AsWritten``): compared by the statements introspection rebuilds from the
    /// catalog, so the same object gives the same text on any server.
    public struct AsWrittenObject: Equatable, Sendable, Codable, Comparable {
        /// What kind of object it is.
        public var kind: AsWritten.Kind
        /// Its schema and name.
        public var name: QualifiedName
        /// An aggregate's argument types; nil for other kinds.
        public var arguments: String?
        /// The statements that create it and its comments.
        public var definition: String

        /// Creates an object.
        public init(kind: AsWritten.Kind, name: QualifiedName, arguments: String? = nil, definition: String) {
            self.kind = kind
            self.name = name
            self.arguments = arguments
            self.definition = definition
        }

        /// `app.email`; an aggregate with its arguments: `app.total(integer)`.
        public var identity: String { "\(name)\(arguments.map { "(\($0))" } ?? "")" }

        /// `DROP DOMAIN "app"."email";`, `DROP AGGREGATE "app"."total"(integer);`
        public var dropSQL: String {
            let arguments = kind == .aggregate ? "(\(self.arguments.map { $0.isEmpty ? "*" : $0 } ?? "*"))" : ""
            return "DROP \(kind.keyword) \(name.sql)\(arguments);"
        }

        /// Orders by kind, then name and arguments.
        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.kind.rawValue, lhs.name, lhs.arguments ?? "") < (rhs.kind.rawValue, rhs.name, rhs.arguments ?? "")
        }
    }
}
