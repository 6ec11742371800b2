import RLSModel

/// A policy's `USING` or `WITH CHECK` text as the server deparses it, read for what lint needs.
///
/// The server prints a wrapped call as `( SELECT auth.uid() AS uid)` and a bare one as `auth.uid()`,
/// so the spelling tells whether Postgres evaluates it once per statement (an initplan) or once per row.
struct PolicyExpression {
    /// The deparsed text.
    let text: String

    /// Calls that read the request's JWT: `auth.uid()`, `auth.jwt()`, `auth.role()`, `auth.email()`,
    /// and `current_setting('request.jwt…')`.
    private static let authCall =
        #"auth\.(?:uid|jwt|role|email)\(\)|current_setting\('request\.jwt[^']*'(?:::text)?(?:,\s*(?:true|false))?\)"#

    /// A quoted or plain identifier, optionally qualified once: `owner_hop_1.seller_id`, `"Owner"`.
    private static let identifier = #"((?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*)(?:\.(?:"(?:[^"]|"")+"|[A-Za-z_][A-Za-z0-9_$]*))?)"#

    /// `auth.uid()`, wrapped or not, optionally parenthesised and cast.
    private static let userID = #"(?:\(\s*)?(?:\(\s*SELECT\s+auth\.uid\(\)(?:\s+AS\s+uid)?\s*\)|auth\.uid\(\))(?:\s*\))?(?:::\w+)?"#

    /// The JWT-reading calls Postgres evaluates for every row: those not directly inside `(SELECT …)`.
    var perRowAuthCalls: [String] {
        unwrappedCalls.map { String(text[$0]) }
    }

    /// The text with every per-row call wrapped in `(select …)`, evaluated once per statement.
    var wrappingAuthCalls: String {
        var result = text
        for range in unwrappedCalls.reversed() {
            result.replaceSubrange(range, with: "(select \(text[range]))")
        }
        return result
    }

    /// Columns compared with `auth.uid()`: the owner columns the policy filters on, as written
    /// (`seller_id`, or `owner_hop_1.seller_id` with its qualifier).
    var columnsComparedWithUserID: [(qualifier: String?, column: String)] {
        let column = #"(?:\(\s*)?"# + Self.identifier + #"(?:\s*\))?(?:::\w+)?"#
        let patterns = [column + #"\s*=\s*"# + Self.userID, Self.userID + #"\s*=\s*"# + column]
        var found: [(qualifier: String?, column: String)] = []
        for pattern in patterns {
            guard let regex = try? Regex(pattern).ignoresCase() else { continue }
            for match in text.matches(of: regex) {
                guard let captured = match.output[1].substring else { continue }
                let parts = identifierParts(captured)
                guard let name = parts.last, !["select", "and", "or", "not"].contains(name.lowercased()) else { continue }
                found.append((parts.count > 1 ? parts[0] : nil, name))
            }
        }
        return found
    }

    /// True when the text mentions user-editable metadata (``RLSModel/UserMetadata``).
    var readsUserMetadata: Bool { UserMetadata.isRead(by: text) }

    private var unwrappedCalls: [Range<String.Index>] {
        guard let regex = try? Regex(Self.authCall).ignoresCase() else { return [] }
        return text.matches(of: regex).map(\.range).filter { range in
            let before = text[..<range.lowerBound].reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "(" }
            return !String(before.prefix(6).reversed()).lowercased().hasSuffix("select")
        }
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
