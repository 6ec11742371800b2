import RLSMigrations

/// The names a statement mentions, for an increment's search of what depends on what: every
/// identifier among its tokens (``SQLScanner``), and those inside its strings and dollar-quoted
/// bodies (a function's body names the tables it reads), folded to lower case. Erring towards more
/// names only makes an increment larger.
///
/// ```swift
/// SQLStatementWords.of(#"create function "public"."f"() returns int as $$ select count(*) from listing $$"#)
/// // ["create", "function", "public", "f", "returns", "int", "as", "select", "count", "from", "listing"]
/// ```
enum SQLStatementWords {
    static func of(_ text: String) -> Set<String> {
        of(text, tokens: SQLScanner.tokens(in: text))
    }

    /// The words of `text` from its `tokens` (offsets into `text`), when the caller has them.
    static func of(_ text: String, tokens: [SQLToken]) -> Set<String> {
        let bytes = Array(text.utf8)
        var words = Set<String>()
        for token in tokens {
            switch token.kind {
            case .word, .quotedIdentifier: words.insert(token.text.lowercased())
            case .string: collect(bytes[token.start..<token.end], into: &words)
            default: break
            }
        }
        return words
    }

    /// Identifier runs, and `"quoted"` identifiers whole, inside a string's text.
    private static func collect(_ slice: ArraySlice<UInt8>, into words: inout Set<String>) {
        func isPart(_ byte: UInt8) -> Bool {
            byte == 0x5F || byte == 0x24 || byte >= 0x80 || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39
        }
        var run: Int?
        var quote: Int?
        for position in slice.indices {
            let byte = slice[position]
            if byte == 0x22 {
                if let open = quote {
                    words.insert(String(decoding: slice[(open + 1)..<position], as: UTF8.self).lowercased())
                    quote = nil
                } else {
                    quote = position
                }
            }
            if isPart(byte) {
                if run == nil { run = position }
            } else if let first = run {
                words.insert(String(decoding: slice[first..<position], as: UTF8.self).lowercased())
                run = nil
            }
        }
        if let first = run { words.insert(String(decoding: slice[first..<slice.endIndex], as: UTF8.self).lowercased()) }
    }
}
