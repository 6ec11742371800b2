/// The rows a statement returned, read eagerly into Swift values (text format).
///
/// ```swift
/// let result = try connection.query("select rolname, rolsuper from pg_roles where rolname = $1", ["postgres"])
/// for row in result { print(try row.string("rolname"), try row.bool("rolsuper")) }
/// ```
public struct QueryResult: Sequence, Sendable {
    /// Column names in the order the statement returned them.
    public let columns: [String]
    /// The returned rows.
    public let rows: [Row]
    /// Rows inserted, updated, deleted or selected, as the command tag reports (0 when it reports none).
    public let affectedRows: Int

    /// Creates a result; the connection builds these.
    public init(columns: [String], rows: [Row], affectedRows: Int) {
        self.columns = columns
        self.rows = rows
        self.affectedRows = affectedRows
    }

    /// Iterates the rows.
    public func makeIterator() -> IndexingIterator<[Row]> { rows.makeIterator() }

    /// The first row, if any.
    public var first: Row? { rows.first }

    /// The number of rows.
    public var count: Int { rows.count }
}
