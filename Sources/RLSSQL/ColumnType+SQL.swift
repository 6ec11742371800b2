import RLSModel

extension ColumnType {
    /// The type as it appears in DDL, enum names quoted: `numeric(10, 2)`, `"public"."status"[]`.
    public var sql: String {
        switch self {
        case .enumeration(let name): qualifiedName(schema: name.schema, name: name.name)
        case .array(let element): element.sql + "[]"
        case .timestamptz: "timestamp with time zone"
        case .timestamp: "timestamp without time zone"
        default: description
        }
    }
}

extension ColumnDefault {
    /// The default expression: `now()`, `'available'`, `auth.uid()`.
    public var sql: String {
        switch self {
        case .string(let value): quoteLiteral(value)
        case .integer(let value): String(value)
        case .decimal(let value): value
        case .boolean(let value): value ? "true" : "false"
        case .now: "now()"
        case .randomUUID: "gen_random_uuid()"
        case .currentUserID: "auth.uid()"
        // Parenthesized: a default takes only a restricted expression without them.
        case .raw(let sql): "(\(sql.text))"
        }
    }
}

extension QualifiedName {
    /// `"schema"."name"`.
    public var sql: String { qualifiedName(schema: schema, name: name) }
}

extension Array where Element == String {
    /// Quoted and comma-separated: `"a", "b"`.
    var quotedList: String { map(quoteIdentifier).joined(separator: ", ") }
}

extension Role {
    /// The role in a `to` list: quoted, except PUBLIC, which is a keyword there.
    var sql: String { self == .public ? "public" : quoteIdentifier(name) }
}

extension Array where Element == Role {
    /// Quoted role names, in the canonical order: `"anon", "authenticated"`.
    var sqlList: String { sorted().map(\.sql).joined(separator: ", ") }

    /// The role names as string literals, in the order given, for `rolname in (...)` in catalog
    /// queries: `'anon', 'authenticated'`.
    public var nameLiterals: String { map { quoteLiteral($0.name) }.joined(separator: ", ") }
}
