import Dispatch
import Foundation
import RLSDatabase

/// Runs `body` (a command's work on `target`) so that Ctrl-C or SIGTERM writes `report` (given
/// `SIGINT` or `SIGTERM`) to standard error before `rls` exits with 128 + signal: the server rolls
/// back the transaction that was open, and the report says what outlives it (an apply's committed
/// batches, a check's sequences).
///
/// The throwaway database has its own handlers (it is stopped and deleted), so this is only for
/// databases that outlive the command; while it runs, those handlers leave the signal to it.
///
///     try reportingLiveInterruption(on: target, { name in "rls apply: stopped by \(name); …\n" }) { try apply() }
func reportingLiveInterruption<T>(
    on target: DatabaseTarget, _ report: @escaping @Sendable (_ signalName: String) -> String, _ body: () throws -> T
) rethrows -> T {
    guard target.source != .embedded else { return try body() }
    var sources: [any DispatchSourceSignal] = []
    var previous: [Int32: sighandler_t?] = [:]
    for signalNumber in [SIGINT, SIGTERM] {
        // Dispatch runs the handler on a queue, where reading progress (behind a lock), a database
        // and writing are safe; a plain C handler may do none of that.
        previous[signalNumber] = signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler {
            FileHandle.standardError.write(Data(report(signalNumber == SIGINT ? "SIGINT" : "SIGTERM").utf8))
            exit(128 + signalNumber)
        }
        source.resume()
        sources.append(source)
    }
    defer {
        for source in sources { source.cancel() }
        for (signalNumber, handler) in previous { signal(signalNumber, handler ?? SIG_DFL) }
    }
    return try EmbeddedCluster.reportingSignalsElsewhere(body)
}
