import RLSCheck

extension String {
    /// Safe inside a Markdown table cell: `|` escaped, newlines as spaces.
    var markdownCell: String {
        replacing("|", with: "\\|").replacing("\n", with: " ")
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
}
