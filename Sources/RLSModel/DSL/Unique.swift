/// A unique constraint over one or more columns.
///
/// ```swift
/// Unique("brand_id", "model")
/// // constraint "vehicle_brand_id_model_key" unique ("brand_id", "model")
/// ```
public struct Unique: Sendable, Hashable {
    /// The constrained columns, in order.
    public var columns: [String]
    /// An explicit constraint name; `<table>_<columns>_key` when nil.
    public var name: String?
    /// Where the constraint was declared.
    public var source: DeclarationSite

    /// Declares a unique constraint over `columns`.
    public init(_ columns: String..., name: String? = nil, fileID: String = #fileID, line: Int = #line) {
        self.init(columns, name: name, source: DeclarationSite(fileID: fileID, line: line))
    }

    /// Declares a unique constraint from an array of column names.
    public init(_ columns: [String], name: String? = nil, source: DeclarationSite) {
        self.columns = columns
        self.name = name
        self.source = source
    }
}
