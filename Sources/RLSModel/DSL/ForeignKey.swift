/// A foreign key from columns of this table to columns of another (or `auth.users`).
///
/// An index on the referencing columns is created automatically.
///
/// ```swift
/// ForeignKey("profile_id", references: "profiles", onDelete: .cascade)
/// // constraint "saved_profile_id_fkey" foreign key ("profile_id")
/// //   references "public"."profiles" ("id") on delete cascade
/// ```
public struct ForeignKey: Sendable, Hashable {
    /// The referencing columns of this table.
    public var columns: [String]
    /// The referenced table.
    public var referencedTable: TableName
    /// The referenced columns, matched to ``columns`` by position.
    public var referencedColumns: [String]
    /// What deleting a referenced row does.
    public var onDelete: ReferentialAction
    /// What changing a referenced row's key does (`on update cascade` follows a renamed key).
    public var onUpdate: ReferentialAction = .noAction
    /// An explicit constraint name; `<table>_<columns>_fkey` when nil.
    public var name: String?
    /// Where the reference was declared.
    public var source: DeclarationSite

    /// Declares a single-column reference.
    public init(
        _ column: String, references table: TableName, column referenced: String = "id",
        onDelete: ReferentialAction = .noAction, onUpdate: ReferentialAction = .noAction, name: String? = nil,
        fileID: String = #fileID, line: Int = #line
    ) {
        self.init(
            [column], references: table, columns: [referenced], onDelete: onDelete, onUpdate: onUpdate, name: name,
            fileID: fileID, line: line)
    }

    /// Declares a (possibly composite) reference.
    public init(
        _ columns: [String], references table: TableName, columns referenced: [String],
        onDelete: ReferentialAction = .noAction, onUpdate: ReferentialAction = .noAction, name: String? = nil,
        fileID: String = #fileID, line: Int = #line
    ) {
        self.columns = columns
        self.referencedTable = table
        self.referencedColumns = referenced
        self.onDelete = onDelete
        self.onUpdate = onUpdate
        self.name = name
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}
