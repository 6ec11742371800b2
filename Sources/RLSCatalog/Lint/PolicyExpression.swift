import RLSModel

/// A policy's `USING` or `WITH CHECK` text as the server deparses it, read for what lint needs.
///
/// The server prints a wrapped call as `( SELECT auth.uid() AS uid)` and a bare one as `auth.uid()`,
/// so the spelling tells whether Postgres evaluates it once per statement (an initplan) or once per row.
/// The text is read from its ``PolicyTokens``, in time linear in its length: a megabyte-long string
/// literal is one token, and calls or names written inside a literal are not read as code.
struct PolicyExpression {
    /// The deparsed text.
    let text: String
    /// The text cut into tokens.
    let tokens: PolicyTokens

    init(text: String) {
        self.text = text
        self.tokens = PolicyTokens(text)
    }

    /// The JWT-reading calls Postgres evaluates for every row: those not directly inside `(SELECT …)`.
    var perRowAuthCalls: [String] {
        unwrappedCalls.map(tokens.text)
    }

    /// The text with every per-row call wrapped in `(select …)`, evaluated once per statement.
    var wrappingAuthCalls: String {
        var result = String.UnicodeScalarView()
        var copied = 0
        for range in unwrappedCalls {
            result.append(contentsOf: tokens.scalars[copied..<range.lowerBound])
            result.append(contentsOf: "(select ".unicodeScalars)
            result.append(contentsOf: tokens.scalars[range])
            result.append(")")
            copied = range.upperBound
        }
        result.append(contentsOf: tokens.scalars[copied...])
        return String(result)
    }

    /// Columns compared with `auth.uid()`: the owner columns the policy filters on, as written
    /// (`seller_id`, or `owner_hop_1.seller_id` with its qualifier), either side of the `=`.
    var columnsComparedWithUserID: [(qualifier: String?, column: String)] {
        var found: [(qualifier: String?, column: String)] = []
        for columnFirst in [true, false] {
            var index = 0
            while index < tokens.tokens.count {
                guard let comparison = comparison(at: index, columnFirst: columnFirst) else {
                    index += 1
                    continue
                }
                let parts = identifierParts(Substring(tokens.text(comparison.column)))
                if let name = parts.last, !["select", "and", "or", "not"].contains(name.lowercased()) {
                    found.append((parts.count > 1 ? parts[0] : nil, name))
                }
                index = comparison.end
            }
        }
        return found
    }

    /// True when the text mentions user-editable metadata (``RLSModel/UserMetadata``).
    var readsUserMetadata: Bool { UserMetadata.isRead(by: text) }

    /// The scalar ranges of the JWT-reading calls not directly inside `(SELECT …)`: `auth.uid()`,
    /// `auth.jwt()`, `auth.role()`, `auth.email()`, and `current_setting('request.jwt…'[::text][, true|false])`.
    private var unwrappedCalls: [Range<Int>] {
        var calls: [Range<Int>] = []
        var index = 0
        while index < tokens.tokens.count {
            guard let end = authCall(at: index) ?? jwtSetting(at: index) else {
                index += 1
                continue
            }
            if !tokens.followsSelect(index) {
                calls.append(tokens.tokens[index].range.lowerBound..<tokens.tokens[end - 1].range.upperBound)
            }
            index = end
        }
        return calls
    }

    /// Past `auth.uid()` (or `jwt`, `role`, `email`) when one starts at `index`.
    private func authCall(at index: Int) -> Int? {
        guard tokens.isWord(index, "auth"), tokens.isSymbol(index + 1, "."),
            ["uid", "jwt", "role", "email"].contains(where: { tokens.isWord(index + 2, $0) }),
            tokens.isSymbol(index + 3, "("), tokens.isSymbol(index + 4, ")")
        else { return nil }
        return index + 5
    }

    /// Past `current_setting('request.jwt…'[::text][, true|false])` when one starts at `index`.
    private func jwtSetting(at index: Int) -> Int? {
        guard tokens.isWord(index, "current_setting"), tokens.isSymbol(index + 1, "("), index + 2 < tokens.tokens.count else { return nil }
        let setting = tokens.tokens[index + 2]
        guard setting.kind == .literal,
            tokens.text(setting.range.lowerBound..<min(setting.range.upperBound, setting.range.lowerBound + 12)).lowercased()
                == "'request.jwt"
        else { return nil }
        var next = index + 3
        if tokens.isSymbol(next, "::"), tokens.isWord(next + 1, "text") { next += 2 }
        if tokens.isSymbol(next, ","), tokens.isWord(next + 1, "true") || tokens.isWord(next + 1, "false") { next += 2 }
        return tokens.isSymbol(next, ")") ? next + 1 : nil
    }

    /// `column = auth.uid()` (or, with `columnFirst` false, `auth.uid() = column`) starting at `index`:
    /// the column's scalar range (qualified once at most) and the token past the comparison. Either
    /// side may be parenthesised and cast: `(author)::text = (auth.uid())::text`.
    private func comparison(at index: Int, columnFirst: Bool) -> (column: Range<Int>, end: Int)? {
        if columnFirst {
            guard let column = column(at: index), tokens.isSymbol(column.end, "="), let end = userID(at: column.end + 1) else { return nil }
            return (column.range, end)
        }
        guard let start = userID(at: index), tokens.isSymbol(start, "="), let column = column(at: start + 1) else { return nil }
        return (column.range, column.end)
    }

    /// A name, qualified once at most, optionally in parentheses and cast: `(owner_hop_1.seller_id)::text`.
    private func column(at index: Int) -> (range: Range<Int>, end: Int)? {
        var next = tokens.isSymbol(index, "(") ? index + 1 : index
        guard tokens.isName(next) else { return nil }
        let first = tokens.tokens[next].range
        var last = first
        if tokens.isSymbol(next + 1, "."), tokens.isName(next + 2) {
            last = tokens.tokens[next + 2].range
            next += 2
        }
        return (first.lowerBound..<last.upperBound, closingAndCast(after: next + 1))
    }

    /// `auth.uid()` or `( SELECT auth.uid() AS uid)`, optionally in parentheses and cast: past it.
    private func userID(at index: Int) -> Int? {
        for start in tokens.isSymbol(index, "(") ? [index + 1, index] : [index] {
            if let end = authCall(at: start), tokens.isWord(start + 2, "uid") { return closingAndCast(after: end) }
            guard tokens.isSymbol(start, "("), tokens.isWord(start + 1, "select"), let end = authCall(at: start + 2),
                tokens.isWord(start + 4, "uid")
            else { continue }
            var next = end
            if tokens.isWord(next, "as"), tokens.isWord(next + 1, "uid") { next += 2 }
            if tokens.isSymbol(next, ")") { return closingAndCast(after: next + 1) }
        }
        return nil
    }

    /// Past an optional `)` and an optional cast (`::text`) from `index`.
    private func closingAndCast(after index: Int) -> Int {
        var next = tokens.isSymbol(index, ")") ? index + 1 : index
        if tokens.isSymbol(next, "::"), tokens.isName(next + 1) { next += 2 }
        return next
    }
}

/// Splits `a."B"` into `["a", "B"]`, unquoting and undoubling quotes.
func identifierParts(_ text: Substring) -> [String] {
    var parts: [String] = []
    var current = ""
    var inQuotes = false
    var index = text.startIndex
    while index < text.endIndex {
        let character = text[index]
        let next = text.index(after: index)
        if inQuotes {
            if character == "\"" {
                if next < text.endIndex, text[next] == "\"" {
                    current.append("\"")
                    index = text.index(after: next)
                    continue
                }
                inQuotes = false
            } else {
                current.append(character)
            }
        } else if character == "\"" {
            inQuotes = true
        } else if character == "." {
            parts.append(current)
            current = ""
        } else {
            current.append(character)
        }
        index = next
    }
    parts.append(current)
    return parts
}
