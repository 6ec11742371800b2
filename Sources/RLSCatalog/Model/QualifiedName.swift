import RLSSQL

/// The name of a database object inside a schema, such as `public.saved`.
///
/// Sorted by schema, then name, so catalog listings and plans are deterministic.
public struct QualifiedName: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The schema the object lives in, for example `public`.
    public var schema: String
    /// The object's own name, for example `saved`.
    public var name: String

    /// Creates a name from its schema and object name.
    public init(schema: String, name: String) {
        self.schema = schema
        self.name = name
    }

    /// The quoted SQL form: `"public"."saved"`.
    public var sql: String { qualifiedName(schema: schema, name: name) }

    /// The readable form: `public.saved`.
    public var description: String { "\(schema).\(name)" }

    /// Orders by schema, then name.
    public static func < (lhs: QualifiedName, rhs: QualifiedName) -> Bool {
        (lhs.schema, lhs.name) < (rhs.schema, rhs.name)
    }
}
