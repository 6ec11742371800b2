import RLSModel

extension ColumnType {
    /// The Swift type of a value of this type as PostgREST sends it in JSON: `uuid` → `UUID`,
    /// `timestamptz` and `date` → `Date` (decoded by `PostgresJSON`), `numeric` → `Decimal`,
    /// `bigint` → `Int64`, `jsonb` → `JSONValue`, arrays → `[Element]`, an enum → its generated enum.
    /// Types the DSL spells raw are mapped by their Postgres name; anything else is sent as text, a `String`.
    func swiftType(_ names: TypeNames) -> String {
        switch self {
        case .uuid: "UUID"
        case .text, .varchar: "String"
        case .smallint: "Int16"
        case .integer: "Int32"
        case .bigint: "Int64"
        case .numeric: "Decimal"
        case .real: "Float"
        case .doublePrecision: "Double"
        case .boolean: "Bool"
        case .date, .timestamptz, .timestamp: "Date"
        case .jsonb: "JSONValue"
        // PostgreSQL's JSON renders bytea as text: `\x` and two hex digits per byte.
        case .bytea: "String"
        case .array(let element): "[\(element.swiftType(names))]"
        case .enumeration(let name): names[name] ?? "String"
        case .raw(let sql): Self.rawSwiftType(sql.text, names)
        }
    }

    /// `int4` → `Int32`, `json` → `JSONValue`, `extensions.citext` → `String`, `text[]` → `[String]`.
    private static func rawSwiftType(_ spelled: String, _ names: TypeNames) -> String {
        let trimmed = spelled.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.hasSuffix("[]") { return "[\(rawSwiftType(String(trimmed.dropLast(2)), names))]" }
        let bare = trimmed.split(separator: "(").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? trimmed
        let unqualified = bare.split(separator: ".").last.map(String.init) ?? bare
        switch unqualified.replacingOccurrences(of: "\"", with: "") {
        case "int2", "smallint", "smallserial", "serial2": return "Int16"
        case "int", "int4", "integer", "serial", "serial4": return "Int32"
        case "int8", "bigint", "bigserial", "serial8": return "Int64"
        case "float4", "real": return "Float"
        case "float8", "double precision": return "Double"
        case "numeric", "decimal": return "Decimal"
        case "bool", "boolean": return "Bool"
        case "uuid": return "UUID"
        case "json", "jsonb": return "JSONValue"
        case "date", "timestamptz", "timestamp", "timestamp with time zone", "timestamp without time zone": return "Date"
        default: return "String"
        }
    }
}
