/// A schema-qualified name of a table, view, enum or function: `"public"."listing"`.
///
/// A string literal with a dot splits at the first dot, so `"auth.users"` is
/// schema `auth`, table `users`; without a dot the schema is `public`.
public struct QualifiedName: Sendable, Hashable, Comparable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The Postgres schema (namespace), `public` unless given.
    public var schema: String
    /// The object's own name inside its schema.
    public var name: String

    /// Creates a name from its two parts, neither of which is parsed.
    public init(schema: String = "public", name: String) {
        self.schema = schema
        self.name = name
    }

    /// Parses `"schema.table"` or `"table"` (schema `public`).
    public init(stringLiteral value: String) {
        if let dot = value.firstIndex(of: ".") {
            self.init(schema: String(value[..<dot]), name: String(value[value.index(after: dot)...]))
        } else {
            self.init(name: value)
        }
    }

    /// Supabase's sign-up table, `auth.users`, which every project has.
    public static let authUsers = QualifiedName(schema: "auth", name: "users")

    /// `schema.name`, unquoted, for messages.
    public var description: String { "\(schema).\(name)" }

    /// Orders by schema, then name, so listings and plans are deterministic.
    public static func < (lhs: QualifiedName, rhs: QualifiedName) -> Bool {
        (lhs.schema, lhs.name) < (rhs.schema, rhs.name)
    }
}

/// A table's schema-qualified name (`"auth.users"`, `"listing"`).
public typealias TableName = QualifiedName
