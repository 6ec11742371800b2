extension DatabaseError {
    /// Turns libpq's connection error text into an error that names the cause and what to try.
    ///
    /// libpq reports connection failures only as text, so the cause is recognised by phrase.
    /// The raw text (scrubbed of the password) is kept in ``detail`` for `--verbose`.
    static func connectionFailure(libpqMessage raw: String, target: ConnectionTarget) -> DatabaseError {
        let text = target.scrub(raw).trimmingCharacters(in: .whitespacesAndNewlines)
        let lower = text.lowercased()
        let place = "\(target.host ?? "localhost"):\(target.port ?? "5432")"
        let shown = target.redacted
        func error(_ kind: Kind, _ message: String, hint: String? = nil) -> DatabaseError {
            DatabaseError(kind: kind, severity: "FATAL", message: message, detail: text, hint: hint)
        }
        if lower.contains("password authentication failed") || lower.contains("no password supplied")
            || lower.contains("authentication failed for user")
        {
            let user = target.user ?? "the user"
            return error(
                .authenticationFailed,
                "The server at \(place) rejected the password for \(user). Check the password in \(shown).")
        }
        if lower.contains("does not exist"), lower.contains("database") {
            let name = target.database.map { "\"\($0)\"" } ?? "named in the URL"
            return error(
                .databaseMissing,
                "The database \(name) does not exist on \(place). Check the database name in \(shown), or create it.")
        }
        if lower.contains("no encryption") || lower.contains("ssl/tls required") || lower.contains("ssl required")
            || (lower.contains("pg_hba.conf") && lower.contains("ssl"))
        {
            return error(
                .tlsRequired,
                "The server at \(place) accepts only encrypted connections. Add sslmode=require to the URL.")
        }
        if lower.contains("server does not support ssl") {
            return error(
                .tlsUnavailable,
                "The server at \(place) does not offer TLS but the URL requires it. Use sslmode=prefer or disable for a local server.")
        }
        if lower.contains("connection refused") || lower.contains("no such file or directory") {
            return error(
                .connectionRefused,
                "Nothing accepts connections at \(place). Is the server running? Check the host and port in \(shown).")
        }
        if lower.contains("could not translate host name") || lower.contains("name or service not known") {
            return error(.unknownHost, "The host name \(target.host ?? "") does not resolve. Check the host in \(shown).")
        }
        if lower.contains("timeout expired") {
            return error(
                .hostUnreachable,
                "The host at \(place) did not answer within \(target.connectTimeout) s (connect_timeout). "
                    + "Check the host, port and firewall; on a slow network raise the limit with connect_timeout=30 in the URL "
                    + "(postgres://…/db?connect_timeout=30).")
        }
        if lower.contains("no route to host") || lower.contains("network is unreachable") || lower.contains("timed out") {
            return error(
                .hostUnreachable,
                "The host at \(place) cannot be reached. Check the host and port, your network, and any firewall.")
        }
        if lower.contains("role") && lower.contains("does not exist") {
            return error(.authenticationFailed, "The user \(target.user ?? "") does not exist on \(place). Check the user in \(shown).")
        }
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? "unknown error"
        return error(.connectionFailed, "Could not connect to \(shown): \(firstLine)")
    }
}
