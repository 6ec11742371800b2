/// How long a command's reads of the database may wait for a lock, and run, per statement.
///
/// Each read transaction sets them with `SET LOCAL`, so they end with it and leave nothing behind on
/// a pooled connection (PgBouncer in transaction mode). Without them a read waits forever behind a
/// session holding `ACCESS EXCLUSIVE` on a table (an `ALTER TABLE` stuck in an open transaction).
///
/// ```swift
/// connection.readTimeouts = ReadTimeouts(lockTimeout: .seconds(2))
/// let catalog = try connection.introspectCatalog()   // fails after 2s naming the lock's holder
/// ```
public struct ReadTimeouts: Sendable, Equatable {
    /// How long one statement may wait for a lock (default 5s).
    public var lockTimeout: Duration
    /// How long one statement may run (default 60s).
    public var statementTimeout: Duration

    /// The defaults, documented in `Docs/COMMANDS.md`.
    public init(lockTimeout: Duration = .seconds(5), statementTimeout: Duration = .seconds(60)) {
        self.lockTimeout = lockTimeout
        self.statementTimeout = statementTimeout
    }

    /// `SET LOCAL lock_timeout = '5000ms'; SET LOCAL statement_timeout = '60000ms'`, for the start of a transaction.
    public var setLocalSQL: String {
        "SET LOCAL lock_timeout = '\(lockTimeout.settingMilliseconds)ms'; "
            + "SET LOCAL statement_timeout = '\(statementTimeout.settingMilliseconds)ms'"
    }
}
