internal import CLibPQ
import Foundation
import RLSWords

/// One statement of a pipeline: exactly one SQL command (the extended protocol refuses a string
/// holding several), with optional parameters sent as `$1`, `$2`, … in text format.
///
/// ```swift
/// PipelineStatement("insert into note (body) values ($1)", ["hello"])
/// ```
public struct PipelineStatement {
    /// The SQL text of one command.
    public var sql: String
    /// The parameters' text forms; `nil` is SQL NULL.
    var parameterTexts: [String?]

    /// A statement with `parameters` for its `$1`, `$2`, ….
    public init(_ sql: String, _ parameters: [SQLParameter?] = []) {
        self.sql = sql
        self.parameterTexts = parameters.map { $0?.sqlText }
    }
}

/// What a pipeline did: the first statement that failed (the server skipped every later one), and
/// the command tag of each statement that completed.
public struct PipelineOutcome {
    /// The index of the first statement the server refused, and its error; nil when all completed.
    public var failure: (index: Int, error: DatabaseError)?
    /// `CREATE TABLE`, `INSERT 0 1`, … for each completed statement, in order.
    public var commandTags: [String]
}

extension Connection {
    /// Runs `statements` inside the transaction the caller opened, each as ONE extended-protocol
    /// message (Parse/Bind/Execute, so the server itself refuses a string with two commands), all
    /// sent in libpq's pipeline mode and closed by a single Sync: thousands of statements cost about
    /// one round trip more than the Sync's, and after the first failure the server skips the rest
    /// without running them.
    ///
    /// The transaction is watched after every statement: the Sync is only sent once every result has
    /// been read, and a statement that ends or nests the transaction (its command tag is `COMMIT`,
    /// `BEGIN`, `SAVEPOINT`, …) or starts a `COPY` closes the connection at once instead, so the
    /// server rolls back whatever is uncommitted (statements after a stray COMMIT run in an implicit
    /// transaction that only a Sync would commit), and throws a ``DatabaseError`` saying so; so does
    /// a Sync that finds the connection outside a transaction block. Nothing is committed here: the
    /// caller sends COMMIT or ROLLBACK.
    ///
    /// ```swift
    /// try connection.execute("BEGIN")
    /// let outcome = try connection.pipeline([PipelineStatement("create table a (id int)"),
    ///                                         PipelineStatement("insert into a values ($1)", [1])])
    /// if let failure = outcome.failure { print("statement \(failure.index) failed: \(failure.error)") }
    /// ```
    public func pipeline(_ statements: [PipelineStatement]) throws -> PipelineOutcome {
        try pipeline(count: statements.count, ahead: .max) { statements[$0] }
    }

    /// ``pipeline(_:)`` with statements made as they are sent: `statement(i)` is called in order, once
    /// the server has at most `ahead` statements unanswered, so that making the next statements
    /// (and reading what the last ones reported) overlaps with the server running the earlier ones.
    ///
    /// ```swift
    /// let outcome = try connection.pipeline(count: blocks.count, ahead: 4) { PipelineStatement(blocks[$0].text) }
    /// ```
    public func pipeline(count: Int, ahead: Int, statement: (Int) throws -> PipelineStatement) throws -> PipelineOutcome {
        let connection = try open()
        guard PQtransactionStatus(connection) == PQTRANS_INTRANS else {
            throw DatabaseError(
                kind: .unexpectedResult, state: .noActiveSQLTransaction,
                message: "A pipeline of migration statements must run inside an open transaction.")
        }
        guard PQenterPipelineMode(connection) == 1, PQsetnonblocking(connection, 1) == 0 else {
            throw lostConnection("could not enter pipeline mode")
        }
        var run = PipelineRun(count: count, ahead: max(1, ahead))
        do {
            try run.drive(self, connection, make: statement)
        } catch {
            // Without the Sync the server never commits anything it received; closing makes it roll back.
            close()
            throw error
        }
        PQsetnonblocking(connection, 0)
        PQexitPipelineMode(connection)
        roundTrips += 1
        return PipelineOutcome(failure: run.failure, commandTags: run.commandTags)
    }

    func lostConnection(_ what: String) -> DatabaseError {
        let message = handle.flatMap { PQerrorMessage($0) }.map { target.scrub(String(cString: $0)) } ?? ""
        return DatabaseError(kind: .connectionLost, message: "\(what): \(message)".trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The send-and-read loop of one pipeline, in non-blocking mode so that neither side can stall the
/// other however long the script: statements are queued in chunks, and results are read as they come.
private struct PipelineRun {
    let count: Int
    /// How many statements may be sent and unanswered at once.
    let ahead: Int
    /// The SQL of each statement sent and not yet answered, for the error of the one that fails.
    private var unanswered: [Int: String] = [:]
    var failure: (index: Int, error: DatabaseError)?
    var commandTags: [String] = []
    private var sent = 0
    private var finished = 0
    private var syncSent = false
    private var synced = false

    /// About how much SQL one round of queueing sends before it flushes and reads results.
    private static let batchBytes = 1 << 20

    /// Command tags of statements that end, start or nest a transaction block.
    private static let transactionTags: Set<String> = [
        "BEGIN", "START TRANSACTION", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE", "PREPARE TRANSACTION",
        "COMMIT PREPARED", "ROLLBACK PREPARED",
    ]

    init(count: Int, ahead: Int) {
        self.count = count
        self.ahead = ahead
        commandTags.reserveCapacity(count)
    }

    mutating func drive(_ owner: Connection, _ connection: OpaquePointer, make: (Int) throws -> PipelineStatement) throws {
        let socket = PQsocket(connection)
        // Whether libpq still holds output the socket has not taken. No statement is queued then:
        // queued faster than the server reads, a 200 MB script would sit whole in libpq's buffer.
        var unsent = false
        while !synced {
            var queued = 0
            var queuedBytes = 0
            while sent < count, queued < 256, queuedBytes < Self.batchBytes, !unsent, sent - finished < ahead {
                let statement = try make(sent)
                try send(statement, owner, connection)
                unanswered[sent] = statement.sql
                sent += 1
                queued += 1
                queuedBytes += statement.sql.utf8.count
            }
            // The Sync (which would commit an implicit transaction, should a statement have ended ours)
            // goes only after every statement's result has been read and checked; until then a Flush
            // request after each batch makes the server send the results.
            if queued > 0 {
                guard PQsendFlushRequest(connection) == 1 else { throw owner.lostConnection("could not send the pipeline") }
            }
            if finished == count, !syncSent {
                guard PQpipelineSync(connection) == 1 else { throw owner.lostConnection("could not send the pipeline") }
                syncSent = true
            }
            let flush = PQflush(connection)
            guard flush >= 0 else { throw owner.lostConnection("could not send the pipeline") }
            unsent = flush == 1
            guard PQconsumeInput(connection) == 1 else { throw owner.lostConnection("the connection broke") }
            try readAvailable(owner, connection)
            if synced { break }
            if finished == count, !syncSent { continue }
            if flush == 0, sent < count, sent - finished < ahead { continue }
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN) | (flush == 1 ? Int16(POLLOUT) : 0), revents: 0)
            _ = poll(&descriptor, 1, -1)
        }
    }

    private func send(_ statement: PipelineStatement, _ owner: Connection, _ connection: OpaquePointer) throws {
        var pointers: [UnsafePointer<CChar>?] = []
        let queued = Self.withCStrings(statement.parameterTexts[...], &pointers) { values in
            PQsendQueryParams(connection, statement.sql, Int32(values.count), nil, values, nil, nil, 0)
        }
        guard queued == 1 else { throw owner.lostConnection("could not queue a statement") }
    }

    /// Calls `body` with a C string for each text (nil for NULL) that points into the string's own
    /// storage: a parameter of 200 MB (the history row's statements) is not copied to be sent.
    private static func withCStrings<Result>(
        _ texts: ArraySlice<String?>, _ pointers: inout [UnsafePointer<CChar>?], _ body: ([UnsafePointer<CChar>?]) -> Result
    ) -> Result {
        guard let first = texts.first else { return body(pointers) }
        guard let text = first else {
            pointers.append(nil)
            return withCStrings(texts.dropFirst(), &pointers, body)
        }
        return text.withCString { pointer in
            pointers.append(pointer)
            return withCStrings(texts.dropFirst(), &pointers, body)
        }
    }

    /// Reads every result that has arrived, without blocking.
    private mutating func readAvailable(_ owner: Connection, _ connection: OpaquePointer) throws {
        while !synced, finished < sent || syncSent, PQisBusy(connection) == 0 {
            guard let result = PQgetResult(connection) else {
                unanswered[finished] = nil
                finished += 1  // the end of one statement's results
                continue
            }
            defer { PQclear(result) }
            try take(result, owner, connection)
        }
    }

    private mutating func take(_ result: OpaquePointer, _ owner: Connection, _ connection: OpaquePointer) throws {
        let index = finished
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
            let tag = String(cString: PQcmdStatus(result))
            if Self.transactionTags.contains(tag) {
                throw transactionLeft("statement \(index + 1) of the pipeline (\(tag)) ended or nested the transaction")
            }
            commandTags.append(tag)
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            throw transactionLeft("statement \(index + 1) of the pipeline started a COPY, which cannot run here")
        case PGRES_PIPELINE_ABORTED:
            break  // skipped by the server after an earlier failure: it did not run
        case PGRES_PIPELINE_SYNC:
            synced = true
            let status = PQtransactionStatus(connection)
            let expected = failure == nil ? PQTRANS_INTRANS : PQTRANS_INERROR
            guard status == expected else {
                throw transactionLeft("the transaction was no longer open at the end of the pipeline")
            }
        default:
            guard index < count else {
                // An error after the last statement (the server shutting down, say): not a statement's.
                throw owner.error(from: result, statement: "")
            }
            if failure == nil { failure = (index, owner.error(from: result, statement: unanswered[index] ?? "")) }
        }
    }

    private func transactionLeft(_ what: String) -> DatabaseError {
        DatabaseError(
            kind: .unexpectedResult, state: .invalidTransactionState,
            message: "Aborted: \(what). The connection was closed without committing, so the server rolled back.")
    }
}
