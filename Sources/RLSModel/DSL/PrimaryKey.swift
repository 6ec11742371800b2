/// A table's primary key, possibly over several columns.
///
/// ```swift
/// PrimaryKey("profile_id", "listing_id")
/// // constraint "saved_pkey" primary key ("profile_id", "listing_id")
/// ```
public struct PrimaryKey: Sendable, Hashable {
    /// The key's columns, in order.
    public var columns: [String]
    /// An explicit constraint name; `<table>_pkey` when nil.
    public var name: String?
    /// Where the key was declared.
    public var source: DeclarationSite

    /// Declares a primary key over `columns`.
    public init(_ columns: String..., name: String? = nil, fileID: String = #fileID, line: Int = #line) {
        self.init(columns, name: name, source: DeclarationSite(fileID: fileID, line: line))
    }

    /// Declares a primary key from an array of column names.
    public init(_ columns: [String], name: String? = nil, source: DeclarationSite) {
        self.columns = columns
        self.name = name
        self.source = source
    }
}
