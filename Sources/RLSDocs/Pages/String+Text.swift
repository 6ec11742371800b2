import RLSCheck
import RLSModel

extension String {
    /// Safe inside a Markdown table cell: `|` escaped (GitHub reads `\|` as a pipe even in a code
    /// span), line breaks as spaces. Applied to a whole cell, after ``markdownText`` or ``markdownCode``.
    var markdownCell: String {
        replacing("|", with: "\\|").replacing("\r\n", with: " ").replacing("\n", with: " ").replacing("\r", with: " ")
    }

    /// Text from a schema (a comment, a type, a name outside code) shown in Markdown exactly as it is
    /// written: on one line, control characters as visible escapes, HTML (`<`, `>`, `&`) as entities,
    /// and Markdown's own characters escaped, so nothing in it becomes a tag, a link, emphasis, a
    /// heading or a list.
    ///
    ///     "<b>*new*</b>\n# rows".markdownText  // &lt;b&gt;\*new\*&lt;/b&gt; \# rows
    var markdownText: String {
        let flat = String(String.UnicodeScalarView(unicodeScalars.map { Self.lineBreaks.contains($0) ? " " : $0 }))
        let characters = Array(flat.escapedForDisplay(doublingBackslashes: false))
        var result = ""
        for (index, character) in characters.enumerated() {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\\", "`", "*", "#", "!", "~":
                result += "\\" + String(character)
            case "]" where index + 1 < characters.count && ["(", "[", ":"].contains(characters[index + 1]):
                // `](` and `][` make a link, `]:` first a link definition; `text[]` stays as it is.
                result += "\\]"
            case "_":
                // Inside a word (`user_id`) an underscore is no emphasis; at a word's edge it may be.
                let inside =
                    index > 0 && index < characters.count - 1 && characters[index - 1].isLetterOrNumber
                    && characters[index + 1].isLetterOrNumber
                result += inside ? "_" : "\\_"
            default:
                // `- `, `+ `, `= ` or `1. ` first would start a list or underline a heading.
                if Self.startsBlock(characters, at: index) { result += "\\" }
                result.append(character)
            }
        }
        return result
    }

    /// A Markdown code span showing the text on one line (control characters as visible escapes):
    /// its backtick fence is longer than any run of backticks inside, so a name cannot end it.
    ///
    ///     "note".markdownCode    // `note`
    ///     "a`b".markdownCode     // ``a`b``
    var markdownCode: String {
        let text = escapedForDisplay(doublingBackslashes: false)
        let fence = String(repeating: "`", count: Self.longestBacktickRun(in: text) + 1)
        let padded = text.hasPrefix("`") || text.hasSuffix("`") || (text.hasPrefix(" ") && text.hasSuffix(" ")) ? " \(text) " : text
        return fence + padded + fence
    }

    /// A fenced Markdown code block of `self` in `language`: a fence longer than any run of
    /// backticks in the text (at least three), so no line of it ends the block.
    func markdownCodeBlock(language: String) -> [String] {
        let fence = String(repeating: "`", count: max(3, Self.longestBacktickRun(in: self) + 1))
        return [fence + language, self, fence]
    }

    /// Safe as HTML text or attribute value (the shared markup escaping of RLSCheck).
    var htmlEscaped: String { markupEscaped }

    /// The anchor GitHub gives a heading with this text: lower case, spaces to `-`, punctuation dropped.
    var headingAnchor: String {
        String(
            lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
    }

    /// The text without its trailing newlines.
    var trimmingTrailingNewlines: String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    private static let lineBreaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    private static func longestBacktickRun(in text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = Swift.max(longest, run)
        }
        return longest
    }

    /// Whether the character at `index` would start a list, a heading underline or an ordered list:
    /// `-`, `+`, `=` first, or `.`/`)` after leading digits.
    private static func startsBlock(_ characters: [Character], at index: Int) -> Bool {
        if index == 0 { return ["-", "+", "=", "["].contains(characters[0]) }
        guard [".", ")"].contains(characters[index]) else { return false }
        return characters[..<index].allSatisfy { $0.isASCII && $0.isNumber }
    }
}

extension Character {
    fileprivate var isLetterOrNumber: Bool { isLetter || isNumber }
}
