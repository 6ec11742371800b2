/// PostgreSQL's text form of one-dimensional arrays: `{a,"b c",NULL,"q\"uote"}`, read and written.
///
/// Neither direction works on Characters: a `"` followed by a combining mark is one Character but
/// still a quote to PostgreSQL. Writing works on UTF-8 bytes, reading on Unicode scalars.
enum PostgresArrayLiteral {
    /// Writes `elements` as an array literal, every element quoted with `"` and `\` escaped by a
    /// backslash, so commas, braces, spaces, empty strings and the text `NULL` stay plain values; a
    /// `nil` element is an unquoted NULL.
    ///
    /// ```swift
    /// PostgresArrayLiteral.encode(["public", #"odd"name\x"#, "NULL"])   // {"public","odd\"name\\x","NULL"}
    /// ```
    static func encode(_ elements: [String?]) -> String {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        // The exact length first, then the text written once into the string's own storage: the
        // history row of a 200 MB migration holds its statements, and is not built twice.
        var length = 1
        for (index, element) in elements.enumerated() {
            length += (index > 0 ? 1 : 0) + 2
            guard var element else {
                length += 2  // "NULL" is two more than the quotes counted
                continue
            }
            element.withUTF8 { text in length += text.count + text.reduce(0) { $0 + ($1 == quote || $1 == backslash ? 1 : 0) } }
        }
        length += 1
        return String(unsafeUninitializedCapacity: length) { buffer in
            var written = 0
            func put(_ byte: UInt8) {
                buffer[written] = byte
                written += 1
            }
            put(UInt8(ascii: "{"))
            for (index, element) in elements.enumerated() {
                if index > 0 { put(UInt8(ascii: ",")) }
                guard var element else {
                    for byte in "NULL".utf8 { put(byte) }
                    continue
                }
                put(quote)
                // Byte by byte: a quote or backslash is never part of a longer UTF-8 sequence.
                element.withUTF8 { text in
                    for byte in text {
                        if byte == quote || byte == backslash { put(backslash) }
                        put(byte)
                    }
                }
                put(quote)
            }
            put(UInt8(ascii: "}"))
            return written
        }
    }

    /// The elements (`nil` for an unquoted NULL), or `nil` when the text is not an array literal.
    static func parse(_ text: String) -> [String?]? {
        var scalars = Substring(text).unicodeScalars
        // A lower bound decoration such as "[0:2]={…}" appears for arrays not starting at 1.
        if scalars.first == "[", let equals = scalars.firstIndex(of: "=") {
            scalars = scalars[scalars.index(after: equals)...]
        }
        guard scalars.first == "{", scalars.last == "}" else { return nil }
        let body = scalars.dropFirst().dropLast()
        if body.isEmpty { return [] }
        var elements: [String?] = []
        var current = String.UnicodeScalarView()
        var quoted = false
        var wasQuoted = false
        var escaped = false
        func finish() {
            let text = String(current)
            elements.append(wasQuoted || text != "NULL" ? text : nil)
        }
        for scalar in body {
            if escaped {
                current.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                quoted.toggle()
                wasQuoted = true
            } else if scalar == ",", !quoted {
                finish()
                current = String.UnicodeScalarView()
                wasQuoted = false
            } else {
                current.append(scalar)
            }
        }
        finish()
        return elements
    }
}
