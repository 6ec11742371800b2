/// Small readings of SQL text as the server prints it (`pg_get_constraintdef`, `pg_get_expr`, …),
/// shared by the layers that read such text back.
package enum SQLText {
    /// The text inside the parentheses that open `text`, and what follows the closing one; nil when
    /// `text` does not start with `(` or never closes it. Quotes (`'…'`, `"…"`) hide parentheses.
    ///
    /// ```swift
    /// SQLText.parenthesized("(a, (b)) rest")   // ("a, (b)", " rest")
    /// ```
    package static func parenthesized(_ text: Substring) -> (inside: Substring, rest: Substring)? {
        guard text.first == "(" else { return nil }
        var depth = 0
        var inQuote: Character?
        for index in text.indices {
            let character = text[index]
            if let quote = inQuote {
                if character == quote { inQuote = nil }
                continue
            }
            switch character {
            case "'", "\"": inQuote = character
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 {
                    return (text[text.index(after: text.startIndex)..<index], text[text.index(after: index)...])
                }
            default: break
            }
        }
        return nil
    }
}
