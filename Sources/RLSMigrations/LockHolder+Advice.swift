import RLSModel
import RLSPostgres

extension LockHolder {
    /// Who holds the lock, in one sentence: `public.memo (AccessExclusiveLock) held by pid 4242 (…)`,
    /// several joined with `;`, or what is known when the holder had finished before it was looked up.
    public static func whoHolds(_ holders: [LockHolder]) -> String {
        guard !holders.isEmpty else { return "the session holding it had finished by the time rls looked" }
        return holders.map(\.description).joined(separator: "; ")
    }

    /// What to do next: wait for the holder and run `retry` (the command) again, raise `--lock-timeout`,
    /// or end a holder that is stuck (`select pg_terminate_backend(4242);`).
    public static func advice(_ holders: [LockHolder], retry: String = "the command") -> String {
        let pids = Array(Set(holders.map(\.pid))).sorted()
        let text =
            "Wait for \(pids.count > 1 ? "those sessions" : "that session") to finish and run \(retry) again, or raise --lock-timeout."
        guard !pids.isEmpty else { return text }
        return text + " If one is stuck (idle in transaction, a forgotten console), end it: "
            + pids.map { "select pg_terminate_backend(\($0));" }.joined(separator: " ")
    }
}

extension Connection {
    /// `error`, or, when it is a read's lock or statement timeout, the same error saying what to do:
    /// for a lock, which relation is locked and by whom (``LockHolder``), read in a statement of its
    /// own. Call it after the failed transaction is rolled back. `reading` names what was read
    /// ("the database's catalog").
    public func explainingReadTimeout(_ error: Error, reading: String) -> Error {
        guard var failure = error as? DatabaseError, !failure.isConnectionFailure, !isInTransaction else { return error }
        switch failure.state {
        case .lockNotAvailable?:
            let holders = (try? lockHolders(exclusiveOnly: true)) ?? []
            failure.message =
                "Gave up reading \(reading) after waiting \(readTimeouts.lockTimeout.readable) (the lock timeout) for a lock: "
                + LockHolder.whoHolds(holders) + "."
            failure.hint = LockHolder.advice(holders)
        case .queryCanceled? where failure.message.contains("statement timeout"):
            failure.hint =
                "Reading \(reading) took longer than the statement timeout (\(readTimeouts.statementTimeout.readable)); "
                + "raise --statement-timeout."
        default:
            return error
        }
        return failure
    }
}
