extension PolicyExpression {
    /// Schema-qualified function calls (`private.is_member_of(`, `auth.uid(`) that are not directly
    /// inside `(SELECT …)`, so Postgres calls them for every row. The server deparses with an empty
    /// `search_path`, so every function outside `pg_catalog` is qualified; built-ins are left out.
    var perRowFunctionCalls: [String] {
        let name = #"(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)"#
        guard let regex = try? Regex(name + #"\."# + name + #"\("#) else { return [] }
        var calls: [String] = []
        for match in text.matches(of: regex) {
            let before = text[..<match.range.lowerBound]
            if let last = before.last, last.isLetter || last.isNumber || last == "_" || last == "." || last == "\"" { continue }
            let lead = before.reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }
            if String(lead.prefix(6).reversed()).lowercased().hasSuffix("select") { continue }
            let call = String(text[match.range].dropLast()) + "()"
            if !calls.contains(call) { calls.append(call) }
        }
        return calls
    }
}
