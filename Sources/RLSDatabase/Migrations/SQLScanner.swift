/// Splits PostgreSQL source into tokens, understanding everything that may hide a `;`:
/// `'strings'` (with `''`), `E'escape\'strings'`, `"identifiers"`, `$tag$dollar quotes$tag$`,
/// `-- line comments` and nested `/* block comments */`.
struct SQLScanner {
    /// The source as Unicode scalars; token offsets index into this.
    let scalars: [Unicode.Scalar]
    private var index = 0

    /// A scanner at the start of `source`.
    init(_ source: String) {
        scalars = Array(source.unicodeScalars)
    }

    /// All tokens of the source, comments and whitespace left out.
    static func tokens(in source: String) -> [SQLToken] {
        var scanner = SQLScanner(source)
        var tokens: [SQLToken] = []
        while let token = scanner.next() { tokens.append(token) }
        return tokens
    }

    /// The next token, or `nil` at the end of the source.
    mutating func next() -> SQLToken? {
        skipWhitespaceAndComments()
        guard index < scalars.count else { return nil }
        let start = index
        let character = scalars[index]
        switch character {
        case ";": return single(.semicolon, start)
        case "(": return single(.openParenthesis, start)
        case ")": return single(.closeParenthesis, start)
        case ",": return single(.comma, start)
        case "'":
            scanQuoted(closingWith: "'", backslashEscapes: false)
            return SQLToken(kind: .string, text: "", start: start, end: index)
        case "\"":
            scanQuoted(closingWith: "\"", backslashEscapes: false)
            let name = String(String.UnicodeScalarView(scalars[(start + 1)..<max(start + 1, index - 1)]))
            return SQLToken(kind: .quotedIdentifier, text: name.replacingDoubled("\""), start: start, end: index)
        case "$":
            if let tag = dollarTag(at: index) {
                scanDollarQuoted(tag)
                return SQLToken(kind: .string, text: "", start: start, end: index)
            }
            index += 1
            while index < scalars.count, isDigit(scalars[index]) { index += 1 }
            return SQLToken(kind: index - start > 1 ? .number : .other, text: "", start: start, end: index)
        default:
            if isIdentifierStart(character) { return scanWord(start) }
            if isDigit(character) || (character == "." && index + 1 < scalars.count && isDigit(scalars[index + 1])) {
                index += 1
                while index < scalars.count, isIdentifierPart(scalars[index]) || scalars[index] == "." { index += 1 }
                return SQLToken(kind: .number, text: "", start: start, end: index)
            }
            return single(.other, start)
        }
    }

    private mutating func single(_ kind: SQLToken.Kind, _ start: Int) -> SQLToken {
        index += 1
        return SQLToken(kind: kind, text: String(scalars[start]), start: start, end: index)
    }

    private mutating func scanWord(_ start: Int) -> SQLToken {
        while index < scalars.count, isIdentifierPart(scalars[index]) { index += 1 }
        let word = String(String.UnicodeScalarView(scalars[start..<index])).uppercased()
        // E'…' is an escape string: a backslash may hide the closing quote.
        if word == "E", index < scalars.count, scalars[index] == "'" {
            scanQuoted(closingWith: "'", backslashEscapes: true)
            return SQLToken(kind: .string, text: "", start: start, end: index)
        }
        return SQLToken(kind: .word, text: word, start: start, end: index)
    }

    /// Consumes a quoted run starting at the opening quote; a doubled quote stays inside.
    private mutating func scanQuoted(closingWith quote: Unicode.Scalar, backslashEscapes: Bool) {
        index += 1
        while index < scalars.count {
            let character = scalars[index]
            if backslashEscapes, character == "\\" {
                index += 2
                continue
            }
            index += 1
            if character == quote {
                if index < scalars.count, scalars[index] == quote {
                    index += 1
                    continue
                }
                return
            }
        }
        index = scalars.count
    }

    /// The full `$tag$` delimiter starting at `position`, if one starts there.
    private func dollarTag(at position: Int) -> [Unicode.Scalar]? {
        var cursor = position + 1
        guard cursor < scalars.count else { return nil }
        if scalars[cursor] != "$" {
            guard isIdentifierStart(scalars[cursor]) else { return nil }
            while cursor < scalars.count, isIdentifierPart(scalars[cursor]), scalars[cursor] != "$" { cursor += 1 }
            guard cursor < scalars.count, scalars[cursor] == "$" else { return nil }
        }
        return Array(scalars[position...cursor])
    }

    private mutating func scanDollarQuoted(_ tag: [Unicode.Scalar]) {
        index += tag.count
        while index < scalars.count {
            if scalars[index] == "$", index + tag.count <= scalars.count,
                scalars[index..<(index + tag.count)].elementsEqual(tag)
            {
                index += tag.count
                return
            }
            index += 1
        }
    }

    private mutating func skipWhitespaceAndComments() {
        while index < scalars.count {
            let character = scalars[index]
            if character.properties.isWhitespace {
                index += 1
            } else if character == "-", peek(1) == "-" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
            } else if character == "/", peek(1) == "*" {
                skipBlockComment()
            } else {
                return
            }
        }
    }

    /// Block comments nest in PostgreSQL: `/* a /* b */ still a comment */`.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < scalars.count {
            if scalars[index] == "/", peek(1) == "*" {
                depth += 1
                index += 2
            } else if scalars[index] == "*", peek(1) == "/" {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
    }

    private func peek(_ offset: Int) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private func isDigit(_ character: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(character)
    }

    private func isIdentifierStart(_ character: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(character) || ("A"..."Z").contains(character) || character == "_"
            || character.value >= 0x80
    }

    private func isIdentifierPart(_ character: Unicode.Scalar) -> Bool {
        isIdentifierStart(character) || isDigit(character) || character == "$"
    }
}

extension String {
    /// `a""b` → `a"b`: undoes the doubling used inside quoted names and strings.
    fileprivate func replacingDoubled(_ quote: Character) -> String {
        var result = ""
        var previousWasQuote = false
        for character in self {
            if character == quote, previousWasQuote {
                previousWasQuote = false
                continue
            }
            previousWasQuote = character == quote
            result.append(character)
        }
        return result
    }
}
