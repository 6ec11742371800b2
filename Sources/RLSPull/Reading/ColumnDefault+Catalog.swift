import RLSModel

extension ColumnDefault {
    /// The DSL default for an expression as `pg_get_expr` prints it: `now()` → `.now`,
    /// `'available'::text` → `"available"`, `0` → `0`; anything else `.raw(...)` as printed.
    static func pulled(_ expression: String) -> ColumnDefault {
        switch expression {
        case "now()": return .now
        case "gen_random_uuid()": return .randomUUID
        case "auth.uid()": return .currentUserID
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        default: break
        }
        if let value = Int(expression), String(value) == expression { return .integer(value) }
        for cast in ["::text", "::character varying"] where expression.hasSuffix(cast) {
            if let literal = stringLiteral(expression.dropLast(cast.count)) { return .string(literal) }
        }
        return .raw(SQL(raw: expression))
    }

    /// `'it''s'` → `it's`; nil for anything else (an `E'...'` string, an expression).
    private static func stringLiteral(_ text: Substring) -> String? {
        guard text.count >= 2, text.first == "'", text.last == "'" else { return nil }
        let inside = text.dropFirst().dropLast()
        guard !inside.replacingOccurrences(of: "''", with: "").contains("'") else { return nil }
        return inside.replacingOccurrences(of: "''", with: "'")
    }
}
