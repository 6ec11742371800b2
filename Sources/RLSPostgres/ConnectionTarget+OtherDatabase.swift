import Foundation

extension ConnectionTarget {
    /// The user the string names, if any (libpq's default, the OS user, otherwise).
    public var userName: String? { user }

    /// A connection string for database `name` on the same server, as the same user, with libpq
    /// `options` (`-c role=postgres`) when given: for the scratch databases `rls` makes on a server
    /// of the user's choosing. Like the original, never to be shown (it holds the password).
    ///
    ///     try ConnectionTarget("postgres://u:pw@host:5432/postgres?sslmode=require").connectionString(database: "rls_scratch_1")
    ///     // postgres://u:pw@host:5432/rls_scratch_1?sslmode=require
    public func connectionString(database name: String, options: String? = nil) -> String {
        guard let scheme = SecretRedaction.urlScheme(of: conninfo) else {
            var pairs = conninfo + " dbname=" + Self.keywordValue(name)
            if let options { pairs += " options=" + Self.keywordValue(options) }
            return pairs
        }
        let rest = conninfo.dropFirst(scheme.count + 3)
        // The user-info part ends at the first `@` before any `/` (as libpq reads it).
        var authorityStart = rest.startIndex
        if let at = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[at] == "@" { authorityStart = rest.index(after: at) }
        let afterAuthority = rest[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let query = rest[afterAuthority...].firstIndex(of: "?").map { rest[rest.index(after: $0)...] } ?? ""
        var items = query.split(separator: "&").filter { !$0.hasPrefix("dbname=") && !$0.hasPrefix("options=") }.map(String.init)
        if let options { items.append("options=" + Self.percentEncoded(options)) }
        return "\(scheme)://\(rest[..<afterAuthority])/\(Self.percentEncoded(name))"
            + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }

    private static func keywordValue(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }

    private static func percentEncoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? value
    }
}
