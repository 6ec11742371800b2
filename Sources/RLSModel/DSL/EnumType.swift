/// An enum type, usable as a column type with `.enumeration("name")`.
///
/// ```swift
/// EnumType("listing_status", values: "available", "sold")
/// // create type "public"."listing_status" as enum ('available', 'sold');
/// ```
public struct EnumType: Sendable, Hashable {
    /// The schema the type lives in.
    public var schema: String
    /// The type's name.
    public var name: String
    /// The labels, in sort order.
    public var values: [String]
    /// A `comment on type`.
    public var comment: String?
    /// Where the type was declared.
    public var source: DeclarationSite

    /// Declares an enum type.
    public init(
        _ name: String, schema: String = "public", values: String..., comment: String? = nil,
        fileID: String = #fileID, line: Int = #line
    ) {
        self.schema = schema
        self.name = name
        self.values = values
        self.comment = comment
        self.source = DeclarationSite(fileID: fileID, line: line)
    }

    /// The schema-qualified name.
    public var qualifiedName: QualifiedName { QualifiedName(schema: schema, name: name) }
}
