import RLSCatalog
import RLSModel

extension ColumnType {
    /// The DSL type for a type as `format_type` prints it with an empty search_path:
    /// `character varying(40)` → `.varchar(40)`, `public.mood[]` → `.array(.enumeration("public.mood"))`,
    /// anything else `.raw(...)` with the same spelling.
    static func pulled(_ text: String, enums: [Catalog.EnumType]) -> ColumnType {
        if text.hasSuffix("[]") {
            return .array(pulled(String(text.dropLast(2)), enums: enums))
        }
        switch text {
        case "uuid": return .uuid
        case "text": return .text
        case "character varying": return .varchar
        case "smallint": return .smallint
        case "integer": return .integer
        case "bigint": return .bigint
        case "numeric": return .numeric
        case "real": return .real
        case "double precision": return .doublePrecision
        case "boolean": return .boolean
        case "date": return .date
        case "timestamp with time zone": return .timestamptz
        case "timestamp without time zone": return .timestamp
        case "jsonb": return .jsonb
        case "bytea": return .bytea
        default: break
        }
        if let length = bracketed(text, "character varying(") { return .varchar(length.first) }
        if let numbers = bracketed(text, "numeric("), numbers.count == 2 { return .numeric(numbers[0], numbers[1]) }
        if let (schema, name, rest) = SQLIdentifiers.qualified(Substring(text)), rest.isEmpty,
            enums.contains(where: { $0.name.schema == schema && $0.name.name == name })
        {
            return .enumeration(TableName(schema: schema, name: name))
        }
        return .raw(SQL(raw: text))
    }

    /// `numeric(10,2)` → `[10, 2]` for the prefix `numeric(`.
    private static func bracketed(_ text: String, _ prefix: String) -> [Int]? {
        guard text.hasPrefix(prefix), text.hasSuffix(")") else { return nil }
        let numbers = text.dropFirst(prefix.count).dropLast().split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        return numbers.contains(nil) ? nil : numbers.map { $0! }
    }
}
