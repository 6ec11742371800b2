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
    init(url: String) throws {
        guard let components = URLComponents(string: url) else {
            throw DatabaseError(
                kind: .invalidTarget,
                message: "The database URL is not valid. Percent-encode special characters in the password (for example @ as %40)."
            )
        }
        user = components.user
        password = components.password
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
        var shown = components
        if components.percentEncodedPassword != nil {
            shown.percentEncodedPassword = "***"
        }
        if let items = components.percentEncodedQueryItems {
            shown.percentEncodedQueryItems = items.map { item in
                item.name == "password" ? URLQueryItem(name: item.name, value: "***") : item
            }
        }
        redacted = shown.string ?? "postgres://***"
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
