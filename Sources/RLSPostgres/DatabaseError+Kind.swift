extension DatabaseError {
    /// The broad cause of a ``DatabaseError``.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// The server rejected a statement (syntax, constraint, permission, …); see ``DatabaseError/sqlState``.
        case server
        /// Nothing listens on the host and port: the server is not running or the address is wrong.
        case connectionRefused
        /// The host could not be reached (no route, network down, timeout).
        case hostUnreachable
        /// The host name does not resolve.
        case unknownHost
        /// The server rejected the user name or password.
        case authenticationFailed
        /// The database named in the URL does not exist on the server.
        case databaseMissing
        /// The server accepts only encrypted connections; add `sslmode=require`.
        case tlsRequired
        /// TLS was required by the URL but the server does not offer it.
        case tlsUnavailable
        /// The connection failed for another reason; the message has the server's words.
        case connectionFailed
        /// An established connection broke.
        case connectionLost
        /// The connection string itself is malformed.
        case invalidTarget
        /// A value in a result did not have the expected type or a column was missing.
        case unexpectedResult
    }
}

extension DatabaseError.Kind {
    /// True for the kinds that describe failing to reach the database.
    public var isConnectionFailure: Bool {
        switch self {
        case .server, .unexpectedResult, .invalidTarget: false
        default: true
        }
    }
}
