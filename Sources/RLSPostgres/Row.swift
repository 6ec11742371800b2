/// One result row; values are PostgreSQL's text representation, `nil` for NULL.
///
/// Typed accessors throw a ``DatabaseError`` of kind ``DatabaseError/Kind/unexpectedResult``
/// naming the column when a value is NULL or has the wrong form.
public struct Row: Sendable {
    /// Shared by all rows of one result, so rows stay cheap to copy.
    let columnIndex: [String: Int]
    package let values: [String?]

    /// Creates a row from column positions and text values.
    public init(columnIndex: [String: Int], values: [String?]) {
        self.columnIndex = columnIndex
        self.values = values
    }

    /// The value at a 0-based column position, `nil` for NULL or an out-of-range index.
    public subscript(_ index: Int) -> String? {
        values.indices.contains(index) ? values[index] : nil
    }

    /// The value of the named column, `nil` for NULL or an unknown column.
    public subscript(_ column: String) -> String? {
        columnIndex[column].flatMap { values[$0] }
    }

    /// The value of a column that must exist and be non-NULL.
    public func string(_ column: String) throws -> String {
        guard let index = columnIndex[column] else {
            throw DatabaseError(kind: .unexpectedResult, message: "The result has no column \"\(column)\".")
        }
        guard let value = values[index] else {
            throw DatabaseError(kind: .unexpectedResult, message: "Column \"\(column)\" is NULL where a value was expected.")
        }
        return value
    }

    /// The value of a column, `nil` for NULL or a missing column.
    public func optionalString(_ column: String) -> String? { self[column] }

    /// An integer column.
    public func int(_ column: String) throws -> Int {
        let text = try string(column)
        guard let value = Int(text) else {
            throw DatabaseError(kind: .unexpectedResult, message: "Column \"\(column)\" holds \"\(text)\", not an integer.")
        }
        return value
    }

    /// A boolean column (`t`/`f` in text format).
    public func bool(_ column: String) throws -> Bool {
        switch try string(column) {
        case "t", "true", "on", "1", "yes": return true
        case "f", "false", "off", "0", "no": return false
        case let text:
            throw DatabaseError(kind: .unexpectedResult, message: "Column \"\(column)\" holds \"\(text)\", not a boolean.")
        }
    }

    /// A one-dimensional array column (`text[]`, `name[]`, …) such as `{anon,"has space",authenticated}`.
    ///
    /// Throws when the column is NULL or an element is NULL; see ``optionalStringArray(_:)``.
    public func stringArray(_ column: String) throws -> [String] {
        let text = try string(column)
        guard let elements = PostgresArrayLiteral.parse(text) else {
            throw DatabaseError(kind: .unexpectedResult, message: "Column \"\(column)\" holds \"\(text)\", not an array.")
        }
        return try elements.map { element in
            guard let element else {
                throw DatabaseError(kind: .unexpectedResult, message: "Column \"\(column)\" has a NULL array element.")
            }
            return element
        }
    }

    /// An array column that may be NULL (`nil`); NULL elements still throw.
    public func optionalStringArray(_ column: String) throws -> [String]? {
        self[column] == nil ? nil : try stringArray(column)
    }
}
