import RLSPostgres

/// The transaction-scoped advisory lock that serialises `rls apply` runs on one database.
///
/// Transaction-scoped (`pg_advisory_xact_lock`) rather than session-scoped, so it is released at
/// COMMIT or ROLLBACK and works behind a transaction-mode pooler such as Supabase's.
public enum MigrationLock {
    /// The lock's key: the ASCII bytes of `rls_appl` as a bigint, so it is recognisable in `pg_locks`
    /// (`classid` 1919710047, `objid` 1634758764).
    public static let key: Int64 = 0x726c_735f_6170_706c

    /// The script that waits up to `lockWait` for the lock (lock_timeout covers advisory locks;
    /// statement_timeout is lifted so that it cannot fire first), then sets the timeouts the
    /// migration statements run under.
    static func acquireSQL(options: ApplyOptions) -> String {
        """
        SET LOCAL lock_timeout = '\(options.lockWait.settingMilliseconds)ms';
        SET LOCAL statement_timeout = 0;
        SELECT pg_catalog.pg_advisory_xact_lock(\(key));
        SET LOCAL lock_timeout = '\(options.lockTimeout.settingMilliseconds)ms';
        SET LOCAL statement_timeout = '\(options.statementTimeout.settingMilliseconds)ms';
        SET LOCAL standard_conforming_strings = on;
        """
    }

    /// Takes the lock inside the open transaction (``acquireSQL(options:)``), throwing ``busyError(_:options:)``
    /// when it does not come within `lockWait`: what apply, its rehearsal and --mark-applied do first.
    static func acquire(on connection: Connection, options: ApplyOptions) throws {
        do {
            try connection.execute(acquireSQL(options: options))
        } catch {
            throw busyError(error, options: options)
        }
    }

    /// The error for a lock that did not come within `lockWait`.
    static func busyError(_ error: Error, options: ApplyOptions) -> MigrationError {
        guard let error = error as? DatabaseError, error.state == .lockNotAvailable else {
            return MigrationError.database("take the migration lock", error)
        }
        let milliseconds = options.lockWait.settingMilliseconds
        let seconds = milliseconds % 1000 == 0 ? "\(milliseconds / 1000)" : "\(Double(milliseconds) / 1000)"
        return .database(
            action: "take the migration lock",
            message: "another rls apply has held it for more than \(seconds) s", state: error.state,
            hint: "Wait for that apply to finish, then run again: it will find what is already applied.")
    }
}
