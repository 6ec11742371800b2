import Dispatch
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
        guard target.source != .embedded else { return try body() }
        var sources: [any DispatchSourceSignal] = []
        for signalNumber in [SIGINT, SIGTERM] {
            // Dispatch runs the handler on a queue, where reading the progress (behind a lock) and
            // writing are safe; a plain C handler may do neither.
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                let name = signalNumber == SIGINT ? "SIGINT" : "SIGTERM"
                let report = "rls apply: stopped by \(name); the open transaction is rolled back.\n\(progress.outcome)\n"
                FileHandle.standardError.write(Data(report.utf8))
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
        defer {
            for source in sources { source.cancel() }
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        return try body()
    }
}
