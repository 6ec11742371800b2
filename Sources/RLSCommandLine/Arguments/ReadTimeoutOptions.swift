import RLSDatabase

/// `--lock-timeout` and `--statement-timeout`, for the commands that read the database (plan, lint,
/// pull, diff --from-database): how long a read waits for a lock before it fails naming the holder,
/// and how long one read may run (``ReadTimeouts``).
struct ReadTimeoutOptions: CommandOptions {
    var lockTimeout: Duration?
    var statementTimeout: Duration?

    static let arguments: [Argument<Self>] = [
        .value(
            "lock-timeout", \.lockTimeout,
            help: "How long a read may wait for a table lock before failing with the lock's holder: 250ms, 5s, 2min (default 5s)."),
        .value("statement-timeout", \.statementTimeout, help: "How long one read of the database may run (default 60s)."),
    ]

    /// The timeouts to read with: the defaults, overridden by what was given.
    var timeouts: ReadTimeouts {
        var timeouts = ReadTimeouts()
        if let lockTimeout { timeouts.lockTimeout = lockTimeout }
        if let statementTimeout { timeouts.statementTimeout = statementTimeout }
        return timeouts
    }
}
