import RLSModel

/// Swift string literals for text read from a database, exact whatever it holds.
///
/// Characters a reader should not meet raw (control characters, line separators, bidirectional
/// overrides: `Unicode.Scalar.needsEscapeForDisplay`) are written as `\u{...}` escapes, which
/// Swift turns back into the same characters; the compiler refuses most of them raw anyway.
enum SwiftLiteral {
    /// `"it's \"quoted\""`, on one line whatever the text holds (`"a\nb"`): for names and values.
    static func string(_ text: String) -> String { text.swiftStringLiteral }

    /// ``string(_:)``, or a multi-line raw literal (`#"""` ... `"""#`) when the text has line
    /// breaks: for SQL and comments, which read best as they were written.
    static func text(_ text: String, indent: String) -> String {
        text.unicodeScalars.contains("\n") ? multiline(text, indent: indent) : string(text)
    }

    /// A raw multi-line literal whose delimiter has enough `#` that nothing inside closes it;
    /// `indent` is the indentation of the closing delimiter, added to every line.
    static func multiline(_ text: String, indent: String) -> String {
        var hashes = "#"
        while text.contains("\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
        let escape = "\\" + hashes
        var lines: [String] = []
        // By scalars: as characters, `\r\n` is one and would not split.
        for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            var escaped = ""
            for scalar in line {
                switch scalar {
                // Tabs stay as they are, as a function body indents with them.
                case "\t": escaped += "\t"
                case "\r": escaped += escape + "r"
                default:
                    if scalar.needsEscapeForDisplay {
                        escaped += escape + "u{\(String(scalar.value, radix: 16))}"
                    } else {
                        escaped.unicodeScalars.append(scalar)
                    }
                }
            }
            // Blanks after text are kept by an empty interpolation after them, which editors that
            // strip trailing whitespace leave alone. A line of blanks only (a blank line in a function
            // body) stays as it is: Xcode keeps those, swift format too, and marking them cluttered
            // every pulled function.
            let isBlank = line.allSatisfy { $0 == " " || $0 == "\t" }
            if !isBlank, escaped.hasSuffix(" ") || escaped.hasSuffix("\t") { escaped += escape + "(\"\")" }
            lines.append(escaped.isEmpty ? "" : indent + escaped)
        }
        // A raw multi-line literal drops the line break before its closing delimiter, so the text's
        // own last line break (an empty last line) shows as an empty line before it.
        return "\(hashes)\"\"\"\n" + lines.joined(separator: "\n") + "\n\(indent)\"\"\"\(hashes)"
    }
}
