import Foundation
import RLSDatabase

/// What a running check leaves behind if the process stops now, for a SIGINT or SIGTERM handler on
/// another thread: the server rolls back the check's transaction, but not the values it drew from
/// sequences, which the check puts back only when it ends (see `SequenceShadow`).
///
/// ```swift
/// let progress = CheckProgress()
/// // on SIGINT, from a signal handler's queue:
/// FileHandle.standardError.write(Data(progress.interruptionReport(signal: "SIGINT").utf8))
/// ```
public final class CheckProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var running: (sequences: SequenceShadow, target: ConnectionTarget)?

    /// Progress of a check that has not started.
    public init() {}

    /// The check recorded where every sequence stands and may draw from them from now on.
    func started(_ sequences: SequenceShadow, on target: ConnectionTarget) { lock.withLock { running = (sequences, target) } }

    /// The check has put back what it could and named the rest in its report.
    func ended() { lock.withLock { running = nil } }

    /// The lines to print when the process stops now: the sequences that moved since the check
    /// began (read on a connection of their own, waiting at most 2 s for the answer).
    public func interruptionReport(signal name: String) -> String {
        let head = "rls check: stopped by \(name); the server rolls back the check's transaction"
        guard let (sequences, target) = lock.withLock({ running }) else { return head + ".\n" }
        let moved: [(name: String, before: String?, now: String)]
        do {
            let connection = try Connection(target)
            defer { connection.close() }
            moved = try sequences.moved(on: connection, answeringWithin: 2)
        } catch {
            return head + ", but not the values it drew from sequences, and rls could not read which moved (\(error)): "
                + "those the check drew from stay ahead of where they were (the values in between are skipped, never handed out twice).\n"
        }
        guard !moved.isEmpty else { return head + "; no sequence moved.\n" }
        return head + ", but not the values drawn from these sequences meanwhile (by the check, or by others), "
            + "which stay skipped, never handed out twice:\n"
            + moved.map { "  \($0.name.escapedForDisplay) at \($0.now), ahead of where it was (\($0.before ?? "not yet used"))\n" }.joined()
    }
}
