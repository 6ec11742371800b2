import RLSPostgres

/// Why the embedded PostgreSQL cluster could not start or stop, and what to do about it.
public struct EmbeddedClusterError: Error, Sendable, CustomStringConvertible {
    /// The broad cause.
    public enum Kind: String, Sendable, Equatable {
        /// No PostgreSQL server binaries (`initdb`, `postgres`) were found.
        case postgresMissing
        /// Running as root, but there is no unprivileged account to run the server as.
        case noServerAccount
        /// `initdb` failed.
        case initdbFailed
        /// The server did not start or did not become ready.
        case startFailed
        /// Shaping the cluster like Supabase failed.
        case shapeFailed
        /// A file system operation failed.
        case fileSystem
        /// The persistent dev cluster is not running.
        case notRunning
        /// The scratch server of the user's choosing (`--scratch-url`) cannot hold throwaway databases.
        case scratchServerUnusable
    }

    /// The broad cause.
    public var kind: Kind
    /// What happened and what to do next.
    public var message: String
    /// Command output or log lines that explain the failure, for `--verbose`.
    public var detail: String?

    /// Creates an error.
    public init(kind: Kind, message: String, detail: String? = nil) {
        self.kind = kind
        self.message = message
        self.detail = detail
    }

    /// The message, then the detail when there is one.
    public var description: String {
        guard let detail, !detail.isEmpty else { return message }
        return message + "\n" + detail
    }
}
