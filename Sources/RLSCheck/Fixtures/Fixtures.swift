import RLSModel

/// The rows a check inserted, per table and side, inside its transaction.
public struct Fixtures: Sendable {
    /// Rows by table, then by side.
    public private(set) var rows: [TableName: [FixtureOwner: FixtureRow]] = [:]

    /// No rows yet.
    public init() {}

    /// The row of `table` on `owner`'s side.
    public func row(_ table: TableName, _ owner: FixtureOwner) -> FixtureRow? { rows[table]?[owner] }

    /// Records a row.
    mutating func add(_ row: FixtureRow, to table: TableName) {
        rows[table, default: [:]][row.owner] = row
    }
}
