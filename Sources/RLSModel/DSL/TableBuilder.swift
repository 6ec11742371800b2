/// Collects the columns, keys, indexes and policies written inside `Table("name") { ... }`.
@resultBuilder
public enum TableBuilder {
    /// A column.
    public static func buildExpression(_ column: Column) -> [TableElement] { [.column(column)] }
    /// A primary key.
    public static func buildExpression(_ key: PrimaryKey) -> [TableElement] { [.primaryKey(key)] }
    /// A unique constraint.
    public static func buildExpression(_ unique: Unique) -> [TableElement] { [.unique(unique)] }
    /// A check constraint.
    public static func buildExpression(_ check: CheckConstraint) -> [TableElement] { [.check(check)] }
    /// A foreign key.
    public static func buildExpression(_ key: ForeignKey) -> [TableElement] { [.foreignKey(key)] }
    /// An index.
    public static func buildExpression(_ index: Index) -> [TableElement] { [.index(index)] }
    /// A hand-written policy.
    public static func buildExpression(_ policy: Policy) -> [TableElement] { [.policy(policy)] }
    /// Several elements at once.
    public static func buildExpression(_ elements: [TableElement]) -> [TableElement] { elements }
    /// The block's statements, in order.
    public static func buildBlock(_ parts: [TableElement]...) -> [TableElement] { parts.flatMap { $0 } }
    /// An `if` without `else`.
    public static func buildOptional(_ part: [TableElement]?) -> [TableElement] { part ?? [] }
    /// The first branch of an `if`/`else`.
    public static func buildEither(first part: [TableElement]) -> [TableElement] { part }
    /// The second branch of an `if`/`else`.
    public static func buildEither(second part: [TableElement]) -> [TableElement] { part }
    /// A `for` loop.
    public static func buildArray(_ parts: [[TableElement]]) -> [TableElement] { parts.flatMap { $0 } }
}
