/// Database text (names, comments, enum labels) as it may appear in Swift source: inside a string
/// literal, escaped; in a doc comment, one `///` line per line, without control characters.
enum SwiftText {
    /// `"seller_id"`, with `\`, `"` and every control character escaped, so no name can end the
    /// literal or start an interpolation.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if isPrintable(scalar) {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                }
            }
        }
        return result + "\""
    }

    /// False for control characters and the Unicode line and paragraph separators.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        !(scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) || (0x2028...0x2029).contains(scalar.value))
    }

    /// `/// text` lines at `indent`, one per line of `text`; control characters are dropped.
    static func docLines(_ text: String, indent: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let clean = String(String.UnicodeScalarView(line.unicodeScalars.filter(isPrintable)))
            let trimmed = clean.trimmingTrailingSpaces
            return trimmed.isEmpty ? "\(indent)///" : "\(indent)/// \(trimmed)"
        }
    }
}

extension String {
    var trimmingTrailingSpaces: String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
