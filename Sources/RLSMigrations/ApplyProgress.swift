import Foundation

/// What a running `rls apply` has committed so far, safe to read from another thread: a signal
/// handler reads it to say, before the process exits, what stays committed.
///
/// ```swift
/// let progress = ApplyProgress()
/// try connection.applyMigrations(files, progress: progress)
/// print(progress.outcome)   // what committed, what did not
/// ```
public final class ApplyProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var committed: [String] = []
    private var pending: [String] = []
    private var inCommit: [String] = []

    /// Progress with nothing committed yet.
    public init() {}

    /// The outcome so far: if the process stopped now, this is what the database would hold.
    public var outcome: ApplyOutcome {
        lock.withLock {
            ApplyOutcome(committed: committed, notCommitted: pending.filter { !inCommit.contains($0) }, unknown: inCommit)
        }
    }

    /// Whether any transaction of the apply has committed.
    var hasCommitted: Bool { lock.withLock { !committed.isEmpty } }

    /// The files the apply is about to run, by display name.
    func begin(pending files: [String]) {
        lock.withLock {
            if committed.isEmpty { pending = files }
        }
    }

    /// COMMIT is on its way for `entries` (and `files` among the pending ones).
    func committing(_ entries: [String]) {
        lock.withLock { inCommit = entries }
    }

    /// The COMMIT answered: `entries` are committed, and the pending `files` with them.
    func didCommit(_ entries: [String], files: [String]) {
        lock.withLock {
            committed += entries
            pending.removeAll(where: files.contains)
            inCommit = []
        }
    }

    /// The COMMIT failed or was never sent: nothing of it is in doubt.
    func didNotCommit() {
        lock.withLock { inCommit = [] }
    }
}
