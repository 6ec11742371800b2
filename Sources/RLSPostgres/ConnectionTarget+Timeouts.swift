import Foundation

extension ConnectionTarget {
    /// Seconds libpq waits for a server to answer when neither the string nor `PGCONNECT_TIMEOUT` says.
    public static let defaultConnectTimeout = 10

    /// Settings libpq gets before the string, so the string (or a `PG…` environment variable) can override
    /// each: a connect timeout, so a host that accepts and never answers cannot hang a command, and TCP
    /// keepalives, so a connection whose peer vanished is noticed within minutes rather than hours.
    var defaultParameters: [(keyword: String, value: String)] {
        var parameters: [(String, String)] = [
            ("keepalives", "1"), ("keepalives_idle", "60"), ("keepalives_interval", "10"), ("keepalives_count", "6"),
        ]
        if ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] == nil {
            parameters.insert(("connect_timeout", String(Self.defaultConnectTimeout)), at: 0)
        }
        return parameters
    }

    /// The connect timeout in effect, in seconds as libpq reads it: the string's, else `PGCONNECT_TIMEOUT`, else the default.
    var connectTimeout: String {
        if let given = parameter("connect_timeout") { return given }
        return ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] ?? String(Self.defaultConnectTimeout)
    }

    /// The value of a libpq keyword in the string (a URL's query or a `key=value` pair).
    func parameter(_ keyword: String) -> String? {
        if SecretRedaction.urlScheme(of: conninfo) != nil {
            guard let query = conninfo.firstIndex(of: "?") else { return nil }
            for pair in conninfo[conninfo.index(after: query)...].split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                if parts.count == 2, parts[0] == keyword { return parts[1] }
            }
            return nil
        }
        return KeywordValuePairs(conninfo).pairs.last { $0.key == keyword }?.value
    }
}
