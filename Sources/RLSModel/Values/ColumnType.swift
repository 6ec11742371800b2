/// A column's Postgres type.
///
/// ```swift
/// Column("price", .numeric(10, 2))     // "price" numeric(10, 2) not null
/// Column("tags", .array(.text))        // "tags" text[] not null
/// Column("status", .enumeration("listing_status"))  // "status" "public"."listing_status" not null
/// ```
public indirect enum ColumnType: Sendable, Hashable, CustomStringConvertible {
    /// `uuid`
    case uuid
    /// `text`
    case text
    /// `varchar(n)`, or unbounded `varchar` when `n` is nil.
    case varchar(Int?)
    /// `smallint` (2 bytes)
    case smallint
    /// `integer` (4 bytes)
    case integer
    /// `bigint` (8 bytes)
    case bigint
    /// `numeric(precision, scale)`; plain `numeric` when precision is nil.
    case numeric(Int?, Int?)
    /// `real` (4-byte float)
    case real
    /// `double precision`
    case doublePrecision
    /// `boolean`
    case boolean
    /// `date`
    case date
    /// `timestamp with time zone`
    case timestamptz
    /// `timestamp without time zone`
    case timestamp
    /// `jsonb`
    case jsonb
    /// `bytea`
    case bytea
    /// `element[]`
    case array(ColumnType)
    /// An enum declared in the DSL with ``EnumType``, by its schema-qualified name.
    case enumeration(TableName)
    /// Any other type, spelled exactly as given (`SQL(raw: "inet")`).
    case raw(SQL)

    /// `numeric` without precision.
    public static let numeric = ColumnType.numeric(nil, nil)
    /// `varchar` without a length limit.
    public static let varchar = ColumnType.varchar(nil)
    /// `numeric(precision, scale)`.
    public static func numeric(_ precision: Int, _ scale: Int = 0) -> ColumnType {
        .numeric(Optional(precision), Optional(scale))
    }

    /// True for the integer types an identity column may use.
    public var isInteger: Bool {
        switch self {
        case .smallint, .integer, .bigint: true
        default: false
        }
    }

    /// The type as Postgres spells it, without quoting (for messages).
    public var description: String {
        switch self {
        case .uuid: "uuid"
        case .text: "text"
        case .varchar(let length): length.map { "varchar(\($0))" } ?? "varchar"
        case .smallint: "smallint"
        case .integer: "integer"
        case .bigint: "bigint"
        case .numeric(let precision?, let scale?): "numeric(\(precision), \(scale))"
        case .numeric(let precision?, nil): "numeric(\(precision))"
        case .numeric: "numeric"
        case .real: "real"
        case .doublePrecision: "double precision"
        case .boolean: "boolean"
        case .date: "date"
        case .timestamptz: "timestamptz"
        case .timestamp: "timestamp"
        case .jsonb: "jsonb"
        case .bytea: "bytea"
        case .array(let element): "\(element)[]"
        case .enumeration(let name): name.description
        case .raw(let sql): sql.text
        }
    }
}
