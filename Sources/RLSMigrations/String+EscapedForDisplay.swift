import RLSPostgres

extension String {
    /// The text with control characters and bidirectional overrides written as escapes (`\n`,
    /// `\u{1B}`, `\u{202E}`), so a file name cannot rewrite the terminal line it is printed on or
    /// pass for another name; backslashes are doubled so that the escapes are unambiguous. Plain
    /// names come back unchanged.
    ///
    /// ```swift
    /// "20260101000000_a\nb.sql".escapedForDisplay   // 20260101000000_a\nb.sql (a backslash and an n)
    /// ```
    public var escapedForDisplay: String {
        guard unicodeScalars.contains(where: Self.needsEscape) else { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\\": result += "\\\\"
            case _ where Self.needsEscape(scalar):
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The first line, cut to 80 characters, escaped: a statement as an error message quotes it.
    package var firstLineForDisplay: String {
        let line = split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return (line.count > 80 ? String(line.prefix(77)) + "..." : line).escapedForDisplay
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        case 0x5C: true
        default: false
        }
    }
}
