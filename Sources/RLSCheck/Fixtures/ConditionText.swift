import RLSSQL

/// Just enough reading of a CHECK condition's SQL for ``CheckConstraintConditions``: outer parentheses,
/// top-level `AND`, operators outside parentheses and quotes, casts, literals and column names.
/// Anything else is left unread (nil), never guessed.
enum ConditionText {
    /// `text` without surrounding blanks and the parentheses that enclose all of it.
    static func stripped(_ text: Substring) -> Substring {
        var text = trimmed(text)
        while SQLText.parenthesized(text)?.rest.isEmpty == true {
            text = trimmed(text.dropFirst().dropLast())
        }
        return text
    }

    /// The parts of `text` between top-level `AND`s (`between x and y` kept whole).
    static func conjuncts(_ text: Substring) -> [Substring] {
        let text = stripped(text)
        var parts: [Substring] = []
        var start = text.startIndex
        for index in topLevel(text) where matches(" and ", in: text, at: index) {
            parts.append(text[start..<index])
            start = text.index(index, offsetBy: 5)
        }
        parts.append(text[start...])
        var merged: [Substring] = []
        for part in parts {
            if let last = merged.last, last.lowercased().contains(" between "), !last.lowercased().contains(" and ") {
                merged[merged.count - 1] = text[last.startIndex..<part.endIndex]
            } else {
                merged.append(part)
            }
        }
        return merged.map(stripped)
    }

    /// The first top-level occurrence of one of `operators` (longest first at each position):
    /// the text before it, the operator, the text after it.
    static func split(_ text: Substring, at operators: [String]) -> (Substring, String, Substring)? {
        for index in topLevel(text) {
            for op in operators where matches(op, in: text, at: index) {
                return (text[..<index], op, text[text.index(index, offsetBy: op.count)...])
            }
        }
        return nil
    }

    /// The items of a comma-separated list at the top level.
    static func items(_ text: Substring) -> [Substring] {
        var items: [Substring] = []
        var start = text.startIndex
        for index in topLevel(text) where text[index] == "," {
            items.append(stripped(text[start..<index]))
            start = text.index(after: index)
        }
        items.append(stripped(text[start...]))
        return items
    }

    /// What a term is: a column, a column's length, a number or a string literal.
    enum Term: Equatable {
        case column(String)
        case length(of: String)
        case number(Double)
        case text(String)
        /// `now()`, `current_date`, `current_timestamp`, `localtimestamp`.
        case now
    }

    /// `username`, `"User"`, `(handle)::text`, `char_length(username)`, `(0)::numeric`, `'3'::integer`, `'a'::text`.
    static func term(_ text: Substring) -> Term? {
        let text = uncast(text)
        if text.first == "'" {
            guard let (literal, rest) = stringLiteral(text), rest.isEmpty else { return nil }
            return Double(literal).map(Term.number) ?? .text(literal)
        }
        // Digits only: Double would read `inf` or `nan`, which are column names here.
        if let first = text.first, first.isNumber || "-+.".contains(first), let number = Double(text.filter { $0 != " " }) {
            return .number(number)
        }
        let lower = text.lowercased()
        if ["now()", "current_date", "current_timestamp", "localtimestamp", "clock_timestamp()", "statement_timestamp()"].contains(lower) {
            return .now
        }
        for function in ["char_length(", "character_length(", "length(", "octet_length("] where lower.hasPrefix(function) {
            let inside = text.dropFirst(function.count - 1)
            guard SQLText.parenthesized(inside)?.rest.isEmpty == true, case .column(let name)? = term(inside) else { return nil }
            return .length(of: name)
        }
        return identifier(text).map(Term.column)
    }

    /// `text` without its casts: `(tier)::text` → `tier`, `(ARRAY['a'::text])::text[]` → `ARRAY['a'::text]`.
    static func uncast(_ text: Substring) -> Substring {
        var text = stripped(text)
        while let (before, _, after) = split(text, at: ["::"]),
            after.allSatisfy({ $0.isLetter || $0 == " " || $0 == "_" || $0 == "[" || $0 == "]" })
        {
            text = stripped(before)
        }
        return text
    }

    /// A literal's text and what follows it: `'it''s' rest` → (`it's`, `rest`).
    static func stringLiteral(_ text: Substring) -> (String, Substring)? {
        guard text.first == "'" else { return nil }
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "'" {
                guard next < text.endIndex, text[next] == "'" else { return (value, trimmed(text[next...])) }
                value.append("'")
                index = text.index(after: next)
            } else {
                value.append(text[index])
                index = next
            }
        }
        return nil
    }

    /// A plain (`user_name`, as Postgres folds it) or quoted (`"User"`) column name.
    private static func identifier(_ text: Substring) -> String? {
        if text.first == "\"" {
            guard text.count >= 2, text.last == "\"" else { return nil }
            let inside = text.dropFirst().dropLast()
            guard !inside.replacingOccurrences(of: "\"\"", with: "").contains("\"") else { return nil }
            return inside.replacingOccurrences(of: "\"\"", with: "\"")
        }
        guard let first = text.first, first.isLetter || first == "_",
            text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" })
        else { return nil }
        return text.lowercased()
    }

    /// The indexes of `text` outside parentheses, brackets and quotes.
    private static func topLevel(_ text: Substring) -> [Substring.Index] {
        var result: [Substring.Index] = []
        var depth = 0
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"": quote = character
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            default: if depth == 0 { result.append(index) }
            }
        }
        return result
    }

    private static func matches(_ op: String, in text: Substring, at index: Substring.Index) -> Bool {
        text[index...].lowercased().hasPrefix(op)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        while text.last?.isWhitespace == true { text = text.dropLast() }
        return text
    }
}
