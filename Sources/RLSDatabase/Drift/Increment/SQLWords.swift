/// The words of one SQL statement: its tokens outside strings and comments, for reading what kind
/// of statement it is, and every identifier anywhere in it (inside strings and function bodies too),
/// for finding what it mentions. Erring towards more words only makes an increment larger.
///
/// ```swift
/// let words = SQLWords(#"create function "public"."f"() returns int as $$ select count(*) from listing $$"#, collectingWords: true)
/// words.words.contains("listing")   // true
/// words.leading.prefix(3)           // [.word("create"), .word("function"), .quoted("public")]
/// ```
struct SQLWords {
    /// A token outside strings and comments.
    enum Token: Equatable {
        /// A bare word, folded to lower case as the server folds it.
        case word(String)
        /// A double-quoted identifier, as written.
        case quoted(String)
        /// A string literal or dollar-quoted body (its text is in ``words`` only).
        case string
        /// Any other character: `.`, `(`, `,`, ...
        case symbol(Character)
    }

    /// The tokens outside strings and comments, in order.
    private(set) var leading: [Token] = []
    /// Every identifier, folded to lower case: bare words, quoted identifiers, and the words inside
    /// strings, bodies and comments.
    private(set) var words: Set<String> = []

    /// Reads `text`; without `collectingWords` only ``leading`` is filled, which is much cheaper.
    init(_ text: String, collectingWords: Bool) {
        let bytes = Array(text.utf8)
        var index = 0
        func isStart(_ byte: UInt8) -> Bool { byte == 0x5F || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80 }
        func isPart(_ byte: UInt8) -> Bool { isStart(byte) || byte >= 0x30 && byte <= 0x39 || byte == 0x24 }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                index += 1
            } else if byte == 0x2D, index + 1 < bytes.count, bytes[index + 1] == 0x2D {  // -- comment
                let end = bytes[index...].firstIndex(of: 0x0A) ?? bytes.count
                collect(bytes[index..<end])
                index = end
            } else if byte == 0x2F, index + 1 < bytes.count, bytes[index + 1] == 0x2A {  // /* comment */
                var end = index + 2
                while end + 1 < bytes.count, !(bytes[end] == 0x2A && bytes[end + 1] == 0x2F) { end += 1 }
                collect(bytes[index..<min(end, bytes.count)])
                index = min(end + 2, bytes.count)
            } else if byte == 0x27 {  // 'string', '' inside
                var end = index + 1
                while end < bytes.count {
                    if bytes[end] == 0x27 {
                        if end + 1 < bytes.count, bytes[end + 1] == 0x27 {
                            end += 2
                            continue
                        }
                        break
                    }
                    end += 1
                }
                collect(bytes[(index + 1)..<min(end, bytes.count)])
                leading.append(.string)
                index = min(end + 1, bytes.count)
            } else if byte == 0x22 {  // "identifier", "" inside
                var end = index + 1
                var name: [UInt8] = []
                while end < bytes.count {
                    if bytes[end] == 0x22 {
                        if end + 1 < bytes.count, bytes[end + 1] == 0x22 {
                            name.append(0x22)
                            end += 2
                            continue
                        }
                        break
                    }
                    name.append(bytes[end])
                    end += 1
                }
                let identifier = String(decoding: name, as: UTF8.self)
                leading.append(.quoted(identifier))
                if collectingWords { words.insert(identifier.lowercased()) }
                index = min(end + 1, bytes.count)
            } else if byte == 0x24, let tagEnd = Self.dollarTagEnd(bytes, from: index) {  // $tag$ body $tag$
                let tag = bytes[index...tagEnd]
                var end = tagEnd + 1
                while end < bytes.count, !(bytes[end] == 0x24 && bytes[end...].starts(with: tag)) { end += 1 }
                collect(bytes[(tagEnd + 1)..<end])
                leading.append(.string)
                index = min(end + tag.count, bytes.count)
            } else if isStart(byte) {
                var end = index + 1
                while end < bytes.count, isPart(bytes[end]) { end += 1 }
                let word = String(decoding: bytes[index..<end], as: UTF8.self).lowercased()
                leading.append(.word(word))
                if collectingWords { words.insert(word) }
                index = end
            } else if byte >= 0x30 && byte <= 0x39 {
                while index < bytes.count, isPart(bytes[index]) || bytes[index] == 0x2E { index += 1 }
            } else {
                leading.append(.symbol(Character(Unicode.Scalar(byte))))
                index += 1
            }
        }

        /// Words inside a string, body or comment: identifier runs, and "quoted" identifiers whole.
        func collect(_ slice: ArraySlice<UInt8>) {
            guard collectingWords else { return }
            var start: Int?
            var quoteStart: Int?
            for position in slice.indices {
                let byte = slice[position]
                if byte == 0x22 {
                    if let open = quoteStart {
                        words.insert(String(decoding: slice[(open + 1)..<position], as: UTF8.self).lowercased())
                        quoteStart = nil
                    } else {
                        quoteStart = position
                    }
                }
                if isPart(byte) {
                    if start == nil { start = position }
                } else if let first = start {
                    words.insert(String(decoding: slice[first..<position], as: UTF8.self).lowercased())
                    start = nil
                }
            }
            if let first = start { words.insert(String(decoding: slice[first..<slice.endIndex], as: UTF8.self).lowercased()) }
        }
    }

    /// The index of the `$` closing a dollar-quote tag that opens at `start` (`$$` or `$tag$`).
    private static func dollarTagEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var end = start + 1
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x24 { return end }
            guard
                byte == 0x5F || (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80
                    || (end > start + 1 && byte >= 0x30 && byte <= 0x39)
            else { return nil }
            end += 1
        }
        return nil
    }
}
