/// Database text (names, comments, enum labels) as it may appear in Swift source: inside a string
/// literal, escaped (`String.swiftStringLiteral`); in a doc comment, one `///` line per line,
/// without what must not reach a reader's eye as it is.
enum SwiftText {
    /// False for what the terminal escapes (`Unicode.Scalar.needsEscapeForDisplay`): control
    /// characters, line and paragraph separators, bidirectional marks and overrides, byte-order marks.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        !scalar.needsEscapeForDisplay
    }

    /// `/// text` lines at `indent`, one per line of `text`; what ``isPrintable(_:)`` refuses is dropped.
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
