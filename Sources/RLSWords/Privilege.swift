/// A privilege on a table, view or sequence, for grant lists written out explicitly
/// (``Table/grants(_:)``), such as the legacy "everything to the API roles" of older projects.
public enum Privilege: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// `select`
    case select
    /// `insert`
    case insert
    /// `update`
    case update
    /// `delete`
    case delete
    /// `truncate`
    case truncate
    /// `references`
    case references
    /// `trigger`
    case trigger
    /// `usage` (sequences: `nextval`, `currval`)
    case usage

    /// Every table privilege: what `grant all on table` gives.
    public static let allTable: [Privilege] = [.select, .insert, .update, .delete, .truncate, .references, .trigger]
    /// Every sequence privilege: what `grant all on sequence` gives.
    public static let allSequence: [Privilege] = [.usage, .select, .update]

    /// The row operation this privilege allows, if it is one of the four.
    public var operation: Operation? { Operation(rawValue: rawValue) }

    /// The SQL keyword, lower case.
    public var description: String { rawValue }

    /// The keyword as the catalog spells it (`information_schema`, `aclexplode`): `SELECT`.
    public var catalogName: String { rawValue.uppercased() }

    /// Orders as declared: select, insert, update, delete, truncate, references, trigger, usage.
    public static func < (lhs: Privilege, rhs: Privilege) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
