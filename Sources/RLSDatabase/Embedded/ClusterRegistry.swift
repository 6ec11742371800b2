import Dispatch
import Foundation

/// The clusters this process started, so they are stopped at exit and on Ctrl-C / SIGTERM.
enum ClusterRegistry {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var clusters: [ObjectIdentifier: EmbeddedCluster] = [:]
    nonisolated(unsafe) private static var exitHookInstalled = false
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []

    static func register(_ cluster: EmbeddedCluster) {
        lock.withLock {
            clusters[ObjectIdentifier(cluster)] = cluster
            if !exitHookInstalled {
                exitHookInstalled = true
                atexit { ClusterRegistry.stopAll() }
            }
        }
    }

    static func unregister(_ cluster: EmbeddedCluster) {
        _ = lock.withLock { clusters.removeValue(forKey: ObjectIdentifier(cluster)) }
    }

    static func stopAll() {
        let running = lock.withLock { Array(clusters.values) }
        for cluster in running { cluster.stop() }
    }

    /// Installs SIGINT and SIGTERM handlers (once) that stop every cluster, then exit with 128 + signal.
    static func installSignalHandlers() {
        lock.withLock {
            guard signalSources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM] {
                // Dispatch delivers the signal on a queue, where stopping (which blocks) is safe;
                // a plain C handler may not call any of that.
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    ClusterRegistry.stopAll()
                    exit(128 + signalNumber)
                }
                source.resume()
                signalSources.append(source)
            }
        }
    }
}
