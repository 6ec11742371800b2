import Foundation
import RLSDatabase

extension ApplyCommand {
    /// Runs `body` (an apply reporting into `progress`) so that Ctrl-C or SIGTERM says, before `rls`
    /// exits with 128 + signal, what the apply committed and what it did not: the server rolls back
    /// the transaction that was open, but an earlier batch or enum value stays committed.
    ///
    /// The throwaway database has its own handlers (it is stopped and deleted), so this is only for
    /// databases that outlive the command.
    static func reportingInterruption<T>(
        of progress: ApplyProgress, on target: DatabaseTarget, _ body: () throws -> T
    ) rethrows -> T {
        try reportingLiveInterruption(
            on: target, { name in "rls apply: stopped by \(name); the open transaction is rolled back.\n\(progress.outcome)\n" }, body)
    }
}
