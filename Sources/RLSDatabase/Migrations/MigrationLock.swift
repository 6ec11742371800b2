/// The transaction-scoped advisory lock that serialises `rls apply` runs on one database.
///
/// Transaction-scoped (`pg_advisory_xact_lock`) rather than session-scoped, so it is released at
/// COMMIT or ROLLBACK and works behind a transaction-mode pooler such as Supabase's.
public enum MigrationLock {
    /// The lock's key: the ASCII bytes of `rls_appl` as a bigint, so it is recognisable in `pg_locks`
    /// (`classid` 1919710047, `objid` 1634758764).
    public static let key: Int64 = 0x726c_735f_6170_706c

    /// The script that waits up to `wait` for the lock, then sets the timeouts the migration
    /// statements run under.
    static func acquireSQL(options: ApplyOptions) -> String {
        let wait = options.lockWait.settingMilliseconds
        return """
            SET LOCAL lock_timeout = '\(wait)ms';
            SET LOCAL statement_timeout = '\(wait)ms';
            SELECT pg_catalog.pg_advisory_xact_lock(\(key));
            SET LOCAL lock_timeout = '\(options.lockTimeout.settingMilliseconds)ms';
            SET LOCAL statement_timeout = '\(options.statementTimeout.settingMilliseconds)ms';
            """
    }
}
