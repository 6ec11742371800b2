import Foundation
import RLSDatabase

/// Starts the cluster once, under a lock, and remembers the outcome (a start failure is reported to
/// every test instead of being retried by each).
final class SharedCluster: @unchecked Sendable {
    static let instance = SharedCluster()
    static let counter = Counter()

    private let lock = NSLock()
    private var outcome: Result<EmbeddedCluster, any Error>?

    func get() throws -> EmbeddedCluster {
        try lock.withLock {
            if let outcome { return try outcome.get() }
            // Tests are not interrupted by Ctrl-C handling of their own; the cluster is stopped at exit.
            let result = Result { try EmbeddedCluster.start() }
            outcome = result
            return try result.get()
        }
    }

    /// A thread-safe increasing number for unique database names.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
