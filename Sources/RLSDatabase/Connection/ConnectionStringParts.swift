import Foundation

/// The pieces of a connection string that messages need, and its redacted form.
///
/// This is deliberately not a full libpq parser: libpq itself interprets the string.
struct ConnectionStringParts {
    var password: String?
    var host: String?
    var port: String?
    var database: String?
    var user: String?
    var redacted: String

    /// Parses `postgres://user:password@host:port/database?key=value&…`.
    ///
    /// The user-info part is found the way libpq finds it (up to the first `@` before any `/`),
    /// not with `URLComponents`, so an unencoded character in a password cannot shift what gets hidden.
    init(url: String) throws {
        let schemeEnd = url.range(of: "://")!.upperBound
        let rest = url[schemeEnd...]
        try Self.refuseUnencodedAt(url, scheme: url[..<schemeEnd], rest: rest)
        var redactedText = url
        var hostPart = rest
        if let at = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[at] == "@" {
            let userInfo = rest[..<at]
            hostPart = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                let rawPassword = userInfo[userInfo.index(after: colon)...]
                password = String(rawPassword).removingPercentEncoding ?? String(rawPassword)
                user = String(userInfo[..<colon]).removingPercentEncoding
                redactedText = String(url[..<schemeEnd]) + userInfo[..<colon] + ":***@" + hostPart
            } else {
                user = String(userInfo).removingPercentEncoding
            }
        }
        redacted = Self.redactingQueryPassword(redactedText)
        guard let components = URLComponents(string: String(url[..<schemeEnd]) + hostPart) else {
            throw DatabaseError(
                kind: .invalidTarget,
                message: "The database URL \(redacted) is not valid. Percent-encode special characters (for example @ as %40)."
            )
        }
        host = components.host.flatMap { $0.isEmpty ? nil : $0 }
        port = components.port.map(String.init)
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        for item in components.queryItems ?? [] {
            switch item.name {
            case "password": password = item.value
            case "host": host = host ?? item.value
            case "port": port = port ?? item.value
            case "dbname": database = database ?? item.value
            case "user": user = user ?? item.value
            default: break
            }
        }
    }

    /// Throws when the authority (`user:password@host:port`) holds more than one `@`: libpq would
    /// split at the first and read the rest of the password as the host, and any redaction would
    /// show part of the password. Everything up to the last `@` is hidden in the message.
    private static func refuseUnencodedAt(_ url: String, scheme: Substring, rest: Substring) throws {
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard authority.filter({ $0 == "@" }).count > 1, let lastAt = authority.lastIndex(of: "@") else { return }
        let user = authority.prefix { $0 != ":" && $0 != "@" }
        let shown = String(scheme) + user + ":***@" + rest[rest.index(after: lastAt)...]
        throw DatabaseError(
            kind: .invalidTarget,
            message: "The database URL \(redactingQueryPassword(shown)) has an unencoded @ in its user name or password. "
                + "Percent-encode it as %40 (for example p%40ss for p@ss)."
        )
    }

    /// Replaces the value of a `password=` query parameter with `***`.
    private static func redactingQueryPassword(_ url: String) -> String {
        guard let query = url.firstIndex(of: "?") else { return url }
        let parameters = url[url.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false).map { pair in
            pair.hasPrefix("password=") ? "password=***" : String(pair)
        }
        return String(url[...query]) + parameters.joined(separator: "&")
    }

    /// Parses `host=… port=… dbname=… user=… password='…'`.
    init(keywordValue: String) {
        var pairs: [(key: String, value: String, range: Range<String.Index>)] = []
        var index = keywordValue.startIndex
        let text = keywordValue
        func skipSpaces() { while index < text.endIndex, text[index].isWhitespace { index = text.index(after: index) } }
        while true {
            skipSpaces()
            guard index < text.endIndex else { break }
            var key = ""
            while index < text.endIndex, text[index] != "=", !text[index].isWhitespace {
                key.append(text[index]); index = text.index(after: index)
            }
            skipSpaces()
            guard index < text.endIndex, text[index] == "=" else { break }
            index = text.index(after: index)
            skipSpaces()
            let valueStart = index
            var value = ""
            if index < text.endIndex, text[index] == "'" {
                index = text.index(after: index)
                while index < text.endIndex, text[index] != "'" {
                    if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
                    value.append(text[index]); index = text.index(after: index)
                }
                if index < text.endIndex { index = text.index(after: index) }
            } else {
                while index < text.endIndex, !text[index].isWhitespace {
                    if text[index] == "\\", text.index(after: index) < text.endIndex { index = text.index(after: index) }
                    value.append(text[index]); index = text.index(after: index)
                }
            }
            pairs.append((key, value, valueStart..<index))
        }
        var shown = text
        for pair in pairs.reversed() where pair.key == "password" {
            shown.replaceSubrange(pair.range, with: "***")
        }
        redacted = shown
        for pair in pairs {
            switch pair.key {
            case "password": password = pair.value
            case "host", "hostaddr": host = host ?? pair.value
            case "port": port = pair.value
            case "dbname": database = pair.value
            case "user": user = pair.value
            default: break
            }
        }
    }
}
