/// Reads identifiers as the server prints them (`pg_get_constraintdef`, `pg_get_indexdef`,
/// `format_type`): bare lower-case words, or double-quoted with `""` for a quote.
enum SQLIdentifiers {
    /// `a, "B c"` → `["a", "B c"]`; nil when an item is not a plain identifier (an expression).
    static func list(_ text: Substring) -> [String]? {
        var names: [String] = []
        var rest = text.drop { $0 == " " }
        while !rest.isEmpty {
            guard let (name, after) = identifier(rest) else { return nil }
            names.append(name)
            rest = after.drop { $0 == " " }
            if rest.first == "," { rest = rest.dropFirst().drop { $0 == " " } } else if !rest.isEmpty { return nil }
        }
        return names.isEmpty ? nil : names
    }

    /// One identifier at the start of `text` and what follows it.
    static func identifier(_ text: Substring) -> (String, Substring)? {
        if text.first == "\"" {
            var name = ""
            var index = text.index(after: text.startIndex)
            while index < text.endIndex {
                if text[index] == "\"" {
                    let next = text.index(after: index)
                    if next < text.endIndex, text[next] == "\"" {
                        name.append("\"")
                        index = text.index(after: next)
                        continue
                    }
                    return (name, text[next...])
                }
                name.append(text[index])
                index = text.index(after: index)
            }
            return nil
        }
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        guard let first = name.first, !first.isNumber, name.allSatisfy({ !$0.isUppercase }) else { return nil }
        return (String(name), text[name.endIndex...])
    }

    /// `public.note` or `"My Schema"."t"` → schema and name; nil when it is not exactly that.
    static func qualified(_ text: Substring) -> (schema: String, name: String, rest: Substring)? {
        guard let (schema, afterSchema) = identifier(text), afterSchema.first == "." else { return nil }
        guard let (name, rest) = identifier(afterSchema.dropFirst()) else { return nil }
        return (schema, name, rest)
    }
}
