import RLSModel
import RLSPostgres

extension StatementFailure {
    /// For a statement that gave up waiting for a lock (SQLSTATE `55P03`): the hint names who held
    /// it (``LockHolder``: sessions locking a relation the statement names, else any whose
    /// transaction outlasted the wait) and says to run the apply again, as the file is not at fault.
    /// Call after the rollback, on the same connection. Other failures are left as they are.
    mutating func nameLockHolders(on connection: Connection, waited: Duration) {
        guard isLockTimeout, !connection.isInTransaction else { return }
        var holders = (try? connection.lockHolders(exclusiveOnly: false, mentionedIn: statement)) ?? []
        if holders.isEmpty {
            holders = ((try? connection.lockHolders(exclusiveOnly: false)) ?? [])
                .filter { ($0.transactionSeconds ?? 0) >= waited.components.seconds }
        }
        hint =
            "Another session held a lock this statement needed for longer than the lock timeout (\(waited.readable)): "
            + LockHolder.whoHolds(holders) + ". " + LockHolder.advice(holders, retry: "`rls apply`")
    }

    /// What to do next, as a sentence: fix the file, or, for a lock timeout (not the file's fault),
    /// run the apply again once the lock is free.
    var nextStep: String {
        isLockTimeout
            ? "The file is not at fault: run `rls apply` again once the session holding the lock has finished"
            : "Fix \(path.escapedForDisplay) and run `rls apply` again"
    }

    private var isLockTimeout: Bool { sqlState == SQLState.lockNotAvailable.rawValue }
}
