/// Parses PostgreSQL's text output for one-dimensional arrays: `{a,"b c",NULL,"q\"uote"}`.
enum PostgresArrayLiteral {
    /// The elements (`nil` for an unquoted NULL), or `nil` when the text is not an array literal.
    static func parse(_ text: String) -> [String?]? {
        var characters = Substring(text)
        // A lower bound decoration such as "[0:2]={…}" appears for arrays not starting at 1.
        if characters.first == "[", let equals = characters.firstIndex(of: "=") {
            characters = characters[characters.index(after: equals)...]
        }
        guard characters.first == "{", characters.last == "}" else { return nil }
        let body = characters.dropFirst().dropLast()
        if body.isEmpty { return [] }
        var elements: [String?] = []
        var current = ""
        var quoted = false
        var wasQuoted = false
        var escaped = false
        for character in body {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                quoted.toggle()
                wasQuoted = true
            } else if character == ",", !quoted {
                elements.append(wasQuoted || current != "NULL" ? current : nil)
                current = ""
                wasQuoted = false
            } else {
                current.append(character)
            }
        }
        elements.append(wasQuoted || current != "NULL" ? current : nil)
        return elements
    }
}
