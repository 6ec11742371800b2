/// Database text (names, comments, enum labels) as it may appear in Swift source: inside a string
/// literal, escaped (`String.swiftStringLiteral`); in a doc comment, one `///` line per line,
/// without control characters.
enum SwiftText {
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
