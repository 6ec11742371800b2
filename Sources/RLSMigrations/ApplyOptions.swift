import RLSPostgres

/// How `rls apply` behaves.
///
/// ```swift
/// try connection.applyMigrations(files, options: ApplyOptions(allowDestructive: true, lockTimeout: .seconds(3)))
/// ```
public struct ApplyOptions: Sendable, Equatable {
    /// Apply statements that can lose data (DROP TABLE, DROP COLUMN, TRUNCATE, …). Off by default.
    public var allowDestructive: Bool
    /// Check everything and report what would run, without writing anything.
    public var dryRun: Bool
    /// `lock_timeout` for the migration statements: how long one may wait for a table lock held by
    /// the application before giving up, so the apply never queues the application behind it for long.
    public var lockTimeout: Duration
    /// `statement_timeout` for each migration statement.
    public var statementTimeout: Duration
    /// How long to wait for another `rls apply` that holds the migration lock.
    public var lockWait: Duration
    /// Apply pending files older than the newest applied one too (refused otherwise, as the Supabase
    /// CLI refuses them without `--include-all`).
    public var includeAll: Bool

    /// Options; the defaults suit a live database: 5 s lock timeout, 60 s per statement, and up to
    /// 5 minutes waiting for a concurrent apply.
    public init(
        allowDestructive: Bool = false, dryRun: Bool = false, lockTimeout: Duration = .seconds(5),
        statementTimeout: Duration = .seconds(60), lockWait: Duration = .seconds(300), includeAll: Bool = false
    ) {
        self.includeAll = includeAll
        self.allowDestructive = allowDestructive
        self.dryRun = dryRun
        self.lockTimeout = lockTimeout
        self.statementTimeout = statementTimeout
        self.lockWait = lockWait
    }
}
