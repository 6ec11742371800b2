/// A column's default value.
///
/// Literals are quoted by `quoteLiteral`; string, integer and boolean literals
/// can be written directly: `.default("available")`, `.default(0)`, `.default(true)`.
///
/// ```swift
/// Column("id", .uuid).default(.randomUUID)           // default gen_random_uuid()
/// Column("created_at", .timestamptz).default(.now)   // default now()
/// Column("owner_id", .uuid).default(.currentUserID)  // default auth.uid()
/// ```
public enum ColumnDefault: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral
{
    /// A text literal: `default 'available'`.
    case string(String)
    /// An integer literal: `default 0`.
    case integer(Int)
    /// A decimal literal written as text to keep its exact digits: `default 9.99`.
    case decimal(String)
    /// `default true` / `default false`.
    case boolean(Bool)
    /// `default now()`: the transaction's start time.
    case now
    /// `default gen_random_uuid()`.
    case randomUUID
    /// `default auth.uid()`: the signed-in user's id (null for anon).
    case currentUserID
    /// Any other expression, spliced as written: `default (current_date + 30)`.
    case raw(SQL)

    /// A text literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A boolean literal.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// A decimal literal, kept as Swift prints it.
    public init(floatLiteral value: Double) { self = .decimal(String(value)) }
}
