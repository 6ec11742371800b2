import Foundation

/// A value sent as a query parameter (`$1`, `$2`, …) in text format, never spliced into the SQL.
///
/// ```swift
/// try connection.query("select * from auth.users where email = $1", ["o'brien@example.com"])
/// ```
public protocol SQLParameter {
    /// The value's PostgreSQL text representation.
    var sqlText: String { get }
}

extension String: SQLParameter {
    /// The string itself.
    public var sqlText: String { self }
}

extension Substring: SQLParameter {
    /// The substring as a string.
    public var sqlText: String { String(self) }
}

extension Int: SQLParameter {
    /// Decimal digits.
    public var sqlText: String { String(self) }
}

extension Int32: SQLParameter {
    /// Decimal digits.
    public var sqlText: String { String(self) }
}

extension Int64: SQLParameter {
    /// Decimal digits.
    public var sqlText: String { String(self) }
}

extension Bool: SQLParameter {
    /// `true` or `false`.
    public var sqlText: String { self ? "true" : "false" }
}

extension Double: SQLParameter {
    /// Shortest round-tripping decimal, or `NaN`/`Infinity`/`-Infinity` as PostgreSQL spells them.
    public var sqlText: String {
        if isNaN { return "NaN" }
        if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        return "\(self)"
    }
}

extension UUID: SQLParameter {
    /// Lower-case hyphenated form.
    public var sqlText: String { uuidString.lowercased() }
}

extension Array: SQLParameter where Element == String {
    /// A `text[]` literal with every element quoted and escaped; cast it in the SQL.
    ///
    /// ```swift
    /// try connection.query("select $1::text[]", [["public", #"odd"name"#]])   // sends {"public","odd\"name"}
    /// ```
    public var sqlText: String { PostgresArrayLiteral.encode(self) }
}

/// A one-dimensional array of any element type, as its text form: elements are their text forms
/// (`nil` for NULL), so the SQL casts the parameter to the element type it wants.
///
/// ```swift
/// try connection.query("select $1::int[], $2::text[]", [SQLArray([1, nil, 3]), SQLArray(["a", nil])])
/// ```
public struct SQLArray: SQLParameter {
    /// The elements' text forms.
    public var elements: [String?]

    public init(_ elements: [String?]) { self.elements = elements }

    public init(_ numbers: [Int?]) { self.elements = numbers.map { $0.map(String.init) } }

    public var sqlText: String { PostgresArrayLiteral.encode(elements) }
}
