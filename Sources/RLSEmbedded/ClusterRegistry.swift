import Dispatch
import Foundation
import RLSPostgres

/// The clusters this process started, so they are stopped at exit and on Ctrl-C / SIGTERM.
///
/// Process-wide on purpose, and the package's one piece of process-wide mutable state that
/// outlives a run: what it tracks (child `postgres` processes) belongs to the process, and an
/// `atexit` hook or signal handler can reach only static state. It holds no result: no plan, check
/// or diff reads it, so none depends on what ran before (results a run reuses live in values its
/// caller owns, such as `PlanningMemo`).
enum ClusterRegistry {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var clusters: [ObjectIdentifier: EmbeddedCluster] = [:]
    nonisolated(unsafe) private static var exitHookInstalled = false
    nonisolated(unsafe) private static var signalSources: [any DispatchSourceSignal] = []
    nonisolated(unsafe) private static var stoppingOnSignal = false
    /// How many callers handle SIGINT and SIGTERM themselves right now (``EmbeddedCluster/reportingSignalsElsewhere(_:)``).
    nonisolated(unsafe) private static var handledElsewhere = 0

    /// True once a SIGINT or SIGTERM handler has begun stopping the clusters; the process is about to exit with 128 + signal.
    static var isStoppingOnSignal: Bool { lock.withLock { stoppingOnSignal } }

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
                    // With no cluster running, a command that handles the signal itself (on a database
                    // that outlives it) says what it leaves behind and exits.
                    guard lock.withLock({ !clusters.isEmpty || handledElsewhere == 0 }) else { return }
                    lock.withLock { stoppingOnSignal = true }
                    let name = signalNumber == SIGINT ? "SIGINT" : "SIGTERM"
                    FileHandle.standardError.write(
                        Data("rls: stopped by \(name); stopping the throwaway database and removing its files.\n".utf8))
                    // The command's connection breaks as the server stops; its "server closed the
                    // connection" would only mislead, so whatever it prints from now on goes nowhere.
                    let null = open("/dev/null", O_WRONLY)
                    if null >= 0 {
                        dup2(null, 1)
                        dup2(null, 2)
                    }
                    ClusterRegistry.stopAll()
                    exit(128 + signalNumber)
                }
                source.resume()
                signalSources.append(source)
            }
        }
    }

    /// Runs `body` while its caller handles SIGINT and SIGTERM itself.
    static func handlingSignalsElsewhere<T>(_ body: () throws -> T) rethrows -> T {
        lock.withLock { handledElsewhere += 1 }
        defer { lock.withLock { handledElsewhere -= 1 } }
        return try body()
    }
}
