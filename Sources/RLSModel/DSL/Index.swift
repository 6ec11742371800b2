/// An index. Owner columns and foreign-key columns get one automatically.
///
/// ```swift
/// Index("listed_at")                  // create index "listing_listed_at_idx" on "public"."listing" ("listed_at");
/// Index("features", using: "gin")     // ... using gin ("features");
/// Index("email", unique: true, where: SQL(raw: "email is not null"))
/// ```
public struct Index: Sendable, Hashable {
    /// The indexed columns, in order.
    public var columns: [String]
    /// Whether this is a unique index.
    public var isUnique: Bool
    /// An explicit name; `<table>_<columns>_idx` when nil.
    public var name: String?
    /// The access method (`btree` when nil): `gin`, `gist`, `brin`, `hash`.
    public var method: String?
    /// A partial index predicate.
    public var predicate: SQL?
    /// True for indexes the compiler adds for owner and foreign-key columns.
    public var isAutomatic: Bool = false
    /// What is indexed when it is not plain columns (``init(expression:unique:name:using:where:fileID:line:)``).
    public var expression: SQL?
    /// Where the index (or, for automatic ones, the column or plan) was declared.
    public var source: DeclarationSite

    /// Declares an index over `columns`.
    public init(
        _ columns: String..., unique: Bool = false, name: String? = nil, using method: String? = nil,
        where predicate: SQL? = nil, fileID: String = #fileID, line: Int = #line
    ) {
        self.init(
            columns, unique: unique, name: name, using: method, where: predicate,
            source: DeclarationSite(fileID: fileID, line: line))
    }

    /// Declares an index from an array of column names.
    public init(
        _ columns: [String], unique: Bool = false, name: String? = nil, using method: String? = nil,
        where predicate: SQL? = nil, source: DeclarationSite
    ) {
        self.columns = columns
        self.isUnique = unique
        self.name = name
        self.method = method
        self.predicate = predicate
        self.source = source
    }
}
