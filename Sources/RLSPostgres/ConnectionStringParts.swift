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
        var hostPart = rest
        if let at = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[at] == "@" {
            let userInfo = rest[..<at]
            hostPart = rest[rest.index(after: at)...]
            if let colon = userInfo.firstIndex(of: ":") {
                let rawPassword = userInfo[userInfo.index(after: colon)...]
                password = String(rawPassword).removingPercentEncoding ?? String(rawPassword)
                user = String(userInfo[..<colon]).removingPercentEncoding
            } else {
                user = String(userInfo).removingPercentEncoding
            }
        }
        redacted = SecretRedaction.connectionString(url)
        guard let components = URLComponents(string: String(url[..<schemeEnd]) + hostPart) else {
            // Not echoed, not even redacted: a string that does not parse may not be split where we think.
            throw DatabaseError(
                kind: .invalidTarget,
                message: "The database URL is not valid (not shown, as it may hold a password). "
                    + "Percent-encode special characters in the user name and password (for example @ as %40, / as %2F)."
            )
        }
        host = components.host.flatMap { $0.isEmpty ? nil : $0 }
        port = components.port.map(String.init)
        let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        database = path.isEmpty ? nil : path
        for item in components.queryItems ?? [] {
            switch item.name {
            case let key where SecretRedaction.isPasswordKey(key): password = password ?? item.value
            case "host": host = host ?? item.value
            case "port": port = port ?? item.value
            case "dbname": database = database ?? item.value
            case "user": user = user ?? item.value
            default: break
            }
        }
    }

    /// Throws when the part before the query holds more than one `@`, or an `@` after a `/`: libpq
    /// would split at the first `@` or `/` and read the rest of the password as the host or database,
    /// and echo it in its errors. The message hides everything up to the last `@`.
    private static func refuseUnencodedAt(_ url: String, scheme: Substring, rest: Substring) throws {
        let beforeQuery = rest.prefix { $0 != "?" }
        let atCount = beforeQuery.filter { $0 == "@" }.count
        let atAfterSlash = beforeQuery.drop { $0 != "/" }.contains("@")
        guard atCount > 1 || atAfterSlash else { return }
        throw DatabaseError(
            kind: .invalidTarget,
            message: "The database URL \(SecretRedaction.connectionString(url)) has an unencoded @ or / in its user name or password. "
                + "Percent-encode them as %40 and %2F (for example p%40ss%2Fword for p@ss/word)."
        )
    }

    /// Parses `host=… port=… dbname=… user=… password='…'`.
    init(keywordValue: String) {
        redacted = SecretRedaction.connectionString(keywordValue)
        for pair in KeywordValuePairs(keywordValue).pairs {
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
