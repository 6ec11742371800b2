extension Table {
    /// Only these columns may be changed by the app's users: UPDATE is granted per column to the API
    /// roles the plan lets update (the service role keeps every column). The row policies still decide
    /// which rows.
    ///
    /// ```swift
    /// Table("profiles") { ... }
    ///     .access(select: .authenticated, update: .owner(column: "id"))
    ///     .updatable(only: "full_name", "avatar_url")
    /// // grant update ("full_name", "avatar_url") on table "public"."profiles" to "authenticated";
    /// ```
    public func updatable(only columns: String..., fileID: String = #fileID, line: Int = #line) -> Table {
        var copy = self
        copy.updatableColumns = columns
        copy.columnPrivilegesSource = DeclarationSite(fileID: fileID, line: line)
        return copy
    }

    /// Only these columns may be set by the app's users on INSERT (the others take their defaults):
    /// `grant insert ("body") on table ... to "authenticated";`.
    public func insertable(only columns: String..., fileID: String = #fileID, line: Int = #line) -> Table {
        var copy = self
        copy.insertableColumns = columns
        copy.columnPrivilegesSource = DeclarationSite(fileID: fileID, line: line)
        return copy
    }

    /// The columns the app's users may write with `operation`, nil for every column (and for select, delete).
    public func writableColumns(_ operation: Operation) -> [String]? {
        switch operation {
        case .insert: insertableColumns
        case .update: updatableColumns
        default: nil
        }
    }
}
