import Dispatch
import Foundation
import Synchronization

/// Work started now on a thread of its own, for a caller that has other work to do before it needs
/// the result: the throwaway cluster's start, a first plan's desired state.
///
/// ```swift
/// let start = BackgroundWork { try EmbeddedCluster.start() }
/// // ... read the target ...
/// let cluster = try start.result()
/// ```
package final class BackgroundWork<Value: Sendable>: Sendable {
    private let outcome = Mutex<Result<Value, any Error>?>(nil)
    private let finished = DispatchGroup()

    /// Starts `work` on a new thread.
    package init(_ work: @escaping @Sendable () throws -> Value) {
        finished.enter()
        Thread.detachNewThread { [self] in
            let result = Result { try work() }
            outcome.withLock { $0 = result }
            finished.leave()
        }
    }

    /// What the work returned, or the error it threw, once it has finished (at once after that).
    package func result() throws -> Value {
        finished.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// Waits for the work to finish, whatever it gave.
    package func wait() { finished.wait() }
}
