/// One thing declared inside a `Table { ... }` block.
public enum TableElement: Sendable, Hashable {
    /// A column.
    case column(Column)
    /// A (composite) primary key.
    case primaryKey(PrimaryKey)
    /// A unique constraint.
    case unique(Unique)
    /// A check constraint.
    case check(CheckConstraint)
    /// A foreign key.
    case foreignKey(ForeignKey)
    /// An index.
    case index(Index)
    /// A hand-written policy.
    case policy(Policy)
}
