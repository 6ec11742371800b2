extension String {
    /// The text with control characters, line and paragraph separators and bidirectional overrides
    /// written as escapes (`\n`, `\u{1B}`, `\u{202E}`), so a name cannot rewrite the terminal line
    /// it is printed on, pass for another name, or end the one-line comment it is written into;
    /// backslashes are doubled so that the escapes are unambiguous. Plain names come back unchanged.
    ///
    /// The one escaping of database and file text for people: terminal output, `//` comments in the
    /// Swift `rls pull` writes, `--` comments in the SQL rls writes.
    ///
    /// ```swift
    /// "20260101000000_a\nb.sql".escapedForDisplay   // 20260101000000_a\nb.sql (a backslash and an n)
    /// ```
    public var escapedForDisplay: String { escapedForDisplay(doublingBackslashes: true) }

    /// ``escapedForDisplay``, with backslashes kept single when `doublingBackslashes` is false (for
    /// text that quotes SQL or Swift, which must stay as written to be copied:
    /// `// means .owner(column: "a\\nb")`) and tabs kept when `keepingTabs` is true.
    package func escapedForDisplay(doublingBackslashes: Bool, keepingTabs: Bool = false) -> String {
        guard
            unicodeScalars.contains(where: {
                ($0 == "\\" && doublingBackslashes) || ($0.needsEscapeForDisplay && !($0 == "\t" && keepingTabs))
            })
        else { return self }
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += keepingTabs ? "\t" : "\\t"
            case "\\" where doublingBackslashes: result += "\\\\"
            case _ where scalar.needsEscapeForDisplay:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The text as a Swift string literal, quotes included, on one line whatever it holds: the
    /// escapes of ``escapedForDisplay`` (`\n`, `\u{1B}`, `\\`) are Swift's own, so this is that
    /// text with `"` escaped too, and no text can end the literal or start an interpolation. The one
    /// spelling of database text inside the Swift `rls pull` and `rls types` write.
    ///
    /// ```swift
    /// "it's \"a\"\nb".swiftStringLiteral   // "it's \"a\"\nb"
    /// ```
    package var swiftStringLiteral: String {
        var literal = "\""
        // By scalars: a `"` followed by a combining mark is one character, and must be escaped too.
        for scalar in escapedForDisplay.unicodeScalars {
            if scalar == "\"" { literal += "\\" }
            literal.unicodeScalars.append(scalar)
        }
        return literal + "\""
    }

    /// Each line escaped as ``escapedForDisplay(doublingBackslashes:keepingTabs:)`` with backslashes
    /// single, its line feeds and tabs kept: SQL, Swift and messages of several lines, to read and to copy.
    /// A carriage return just before a line feed is kept too (it moves nothing there).
    package var linesEscapedForDisplay: String {
        let lines = unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().map { index, line in
            let isCRLF = index < lines.count - 1 && line.last == "\r"
            let text = String(String.UnicodeScalarView(isCRLF ? line.dropLast() : line[...]))
            return text.escapedForDisplay(doublingBackslashes: false, keepingTabs: true) + (isCRLF ? "\r" : "")
        }.joined(separator: "\n")
    }

    /// Bytes that may not be UTF-8 (a file name as the file system holds it), escaped for display:
    /// each byte that is not part of valid UTF-8 as `\xNN`, the rest as ``escapedForDisplay``.
    ///
    /// ```swift
    /// String(escapingForDisplay: Array("caf".utf8) + [0xE9])   // caf\xE9
    /// ```
    package init(escapingForDisplay bytes: [UInt8]) {
        var result = ""
        var start = 0
        while start < bytes.count {
            // The longest valid run from `start`, then one byte that is not.
            var end = start
            while end < bytes.count, let width = Self.validScalarWidth(bytes, at: end) { end += width }
            result += String(decoding: bytes[start..<end], as: UTF8.self).escapedForDisplay
            if end < bytes.count { result += "\\x" + String(bytes[end], radix: 16, uppercase: true).leftPadded(to: 2) }
            start = end + 1
        }
        self = result
    }

    /// The width of the valid UTF-8 scalar at `index`, or nil when the bytes there are not one.
    private static func validScalarWidth(_ bytes: [UInt8], at index: Int) -> Int? {
        let lead = bytes[index]
        let width = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 0
        guard width > 0, index + width <= bytes.count,
            String(validating: bytes[index..<(index + width)], as: UTF8.self) != nil
        else { return nil }
        return width
    }

    private func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }

    /// The first line, cut to 80 characters, escaped: a statement as an error message quotes it.
    package var firstLineForDisplay: String {
        let line = split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return (line.count > 80 ? String(line.prefix(77)) + "..." : line).escapedForDisplay
    }
}

extension Unicode.Scalar {
    /// Whether this character must not reach a terminal, a one-line comment or a reader's eye as it
    /// is: a control character (line breaks included), a line or paragraph separator, a
    /// bidirectional mark, embedding, override or isolate, or a byte-order mark.
    package var needsEscapeForDisplay: Bool {
        switch value {
        case 0..<0x20, 0x7F..<0xA0, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069, 0x061C, 0xFEFF: true
        default: false
        }
    }
}
