import Foundation

/// Where to connect: a `postgres://` URL or a libpq `key=value` string.
///
/// The string is handed to libpq unchanged, so every libpq option (`sslmode`, `connect_timeout`,
/// `application_name`, …) passes through. It is parsed here only to know the password, so that
/// no message, log line or description ever shows it.
///
/// ```swift
/// let target = try ConnectionTarget("postgres://postgres:secret@db.example.com:5432/postgres?sslmode=require")
/// print(target)   // postgres://postgres:***@db.example.com:5432/postgres?sslmode=require
/// ```
public struct ConnectionTarget: Sendable, CustomStringConvertible {
    /// The string exactly as given; only ever passed to libpq, never shown.
    let conninfo: String
    /// The password in the string, if any, so messages can be scrubbed of it.
    let password: String?
    /// Host, port, database and user as far as the string names them, for error messages.
    let host: String?
    let port: String?
    let database: String?
    let user: String?

    /// The connection string with any password replaced by `***`.
    public let redacted: String
    /// What ``scrub(_:)`` hides: looked up once, as the environment is slow to read and messages
    /// (a check's notices and errors) can number thousands.
    private let secrets: [String]

    /// Parses a URL (`postgres://` or `postgresql://`) or a libpq `key=value` string.
    ///
    /// Throws ``DatabaseError`` when the string is empty or a URL is malformed.
    public init(_ urlOrKeywordValue: String) throws {
        let text = urlOrKeywordValue.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else {
            throw DatabaseError(
                kind: .invalidTarget, message: "The database URL is empty. Give a URL like postgres://user:password@host:5432/database.")
        }
        conninfo = text
        let parts: ConnectionStringParts
        if let scheme = SecretRedaction.urlScheme(of: text) {
            guard scheme == "postgres" || scheme == "postgresql" else {
                throw DatabaseError(
                    kind: .invalidTarget,
                    message:
                        "The database URL starts with '\(scheme.prefix(20))://'; libpq reads only postgres:// or postgresql:// (in lower case). "
                        + "Fix the scheme; the rest of the URL is not shown, as it may hold a password.")
            }
            parts = try ConnectionStringParts(url: text)
        } else {
            guard KeywordValuePairs(text).isWellFormed else {
                throw DatabaseError(
                    kind: .invalidTarget,
                    message:
                        "The database URL is neither a postgres:// URL nor libpq key=value pairs (not shown, as it may hold a password). "
                        + "Give a URL like postgres://user:password@host:5432/database, or quote values with spaces: password='a b'.")
            }
            parts = ConnectionStringParts(keywordValue: text)
        }
        password = parts.password
        host = parts.host
        port = parts.port
        database = parts.database
        user = parts.user
        redacted = parts.redacted
        secrets = Self.secrets(in: text, password: parts.password)
    }

    /// The redacted connection string.
    public var description: String { redacted }

    /// Hides the password (plain and percent-encoded, where it stands as a whole word), any connection
    /// string and any `password=` pair in a message; see ``SecretRedaction/scrub(_:secrets:)``.
    func scrub(_ text: String) -> String {
        SecretRedaction.scrub(text, secrets: secrets)
    }

    /// ``scrub(_:)`` as a function, for the notices of a connection.
    var scrubber: @Sendable (String) -> String {
        let secrets = secrets
        return { SecretRedaction.scrub($0, secrets: secrets) }
    }

    /// The passwords `conninfo` holds, plain and percent-encoded, and `PGPASSWORD`.
    private static func secrets(in conninfo: String, password: String?) -> [String] {
        var values = SecretRedaction.passwords(in: conninfo)
        if let password, !password.isEmpty {
            values.append(password)
            if let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics), encoded != password {
                values.append(encoded)
            }
        }
        // libpq also reads PGPASSWORD; a message could echo it no more than ours.
        if let environmentPassword = ProcessInfo.processInfo.environment["PGPASSWORD"], !environmentPassword.isEmpty {
            values.append(environmentPassword)
        }
        return values
    }
}
