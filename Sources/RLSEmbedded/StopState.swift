import Foundation
import RLSPostgres

/// Whether ``EmbeddedCluster/stop()`` already ran, guarded for calls from several threads.
final class StopState: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    var isStopped: Bool { lock.withLock { stopped } }

    /// True for the first caller only.
    func markStopped() -> Bool {
        lock.withLock {
            defer { stopped = true }
            return !stopped
        }
    }
}
