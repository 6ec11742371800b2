/// A column (or a whole relation when `column` is nil) that a policy, view or trigger depends on.
///
/// The diff uses these to drop a dependent object before a column it reads is dropped or
/// changes type, and to create it again afterwards.
public struct ColumnReference: Hashable, Comparable, Sendable, Codable {
    /// The table or view that holds the column.
    public var relation: QualifiedName
    /// The column's name, or nil when the dependency is on the relation as a whole.
    public var column: String?

    /// Creates a reference to `relation.column`, or to the relation itself when `column` is nil.
    public init(relation: QualifiedName, column: String?) {
        self.relation = relation
        self.column = column
    }

    /// Orders by relation, then column (whole-relation references first).
    public static func < (lhs: ColumnReference, rhs: ColumnReference) -> Bool {
        (lhs.relation, lhs.column ?? "") < (rhs.relation, rhs.column ?? "")
    }
}
