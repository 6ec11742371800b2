internal import CLibPQ
import Foundation

extension Connection {
    /// Runs a script like ``executeReturningLast(_:)``, but waits at most `seconds` for the answer:
    /// nil when none came in time (or `givingUp` turned true, asked every 50 ms), and the connection
    /// is then closed, which leaves the script to the server (a pooler forgets a query still
    /// waiting for a server connection). For a connection that may never be served, such as a
    /// second one through a pooler whose only server connection the first holds.
    ///
    ///     guard try lane.executeReturningLast("begin", answeringWithin: 2) != nil else { return }  // no answer: closed
    public func executeReturningLast(_ script: String, answeringWithin seconds: Double, unless givingUp: () -> Bool = { false })
        throws -> QueryResult?
    {
        let connection = try open()
        roundTrips += 1
        guard PQsendQuery(connection, script) == 1 else { throw lostConnection("could not send a statement") }
        let deadline = Date().addingTimeInterval(seconds)
        let socket = PQsocket(connection)
        while PQisBusy(connection) == 1 {
            guard Date() < deadline, !givingUp() else {
                close()
                return nil
            }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 50)
            guard PQconsumeInput(connection) == 1 else { throw lostConnection("the connection broke") }
        }
        var last: QueryResult?
        var failure: Error?
        while let result = PQgetResult(connection) {
            defer { PQclear(result) }
            if failure != nil { continue }
            do {
                try check(result, statement: script)
                last = Self.read(result)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return last ?? QueryResult(columns: [], rows: [], affectedRows: 0)
    }
}
