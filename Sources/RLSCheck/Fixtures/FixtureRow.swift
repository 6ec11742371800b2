import RLSSQL

/// One fixture row: its side, its values as text, and how to find it again.
public struct FixtureRow: Sendable, Hashable {
    /// Whose row it is.
    public var owner: FixtureOwner
    /// Every column's value as text (`nil` for NULL), as the server printed it.
    public var values: [String: String?]
    /// The columns that identify it (the primary key), or empty when the table has none.
    public var keyColumns: [String]
    /// Its physical address, used only for tables without a primary key.
    public var ctid: String

    /// A SQL condition true for exactly this row: `"id" = '7'` (or `ctid = '(0,1)'`).
    public var predicate: String {
        guard !keyColumns.isEmpty else { return "ctid = \(quoteLiteral(ctid))::tid" }
        return keyColumns.map { column in
            guard let value = values[column] ?? nil else { return "\(quoteIdentifier(column)) is null" }
            return "\(quoteIdentifier(column)) = \(quoteLiteral(value))"
        }.joined(separator: " and ")
    }

    /// The column's value as a SQL literal (`null` for NULL).
    public func literal(_ column: String) -> String {
        (values[column] ?? nil).map(quoteLiteral) ?? "null"
    }
}
