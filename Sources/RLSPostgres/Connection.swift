internal import CLibPQ
import Foundation
import RLSWords

/// A blocking connection to PostgreSQL over libpq.
///
/// Not `Sendable`: use one connection per task or thread.
///
/// ```swift
/// let connection = try Connection(url: "postgres://postgres:secret@127.0.0.1:54321/postgres")
/// try connection.execute("create table note (id int primary key); insert into note values (1);")
/// let rows = try connection.query("select id from note where id = $1", [1])
/// ```
public final class Connection {
    /// The libpq connection; nil once closed. Internal so that `Connection+Pipeline.swift` can drive it.
    var handle: OpaquePointer?
    private let collector = NoticeCollector()
    /// The target this connection was opened with (its description is redacted).
    public let target: ConnectionTarget
    /// The number of requests sent to the server and answered, for round-trip budgets.
    public internal(set) var roundTrips = 0
    /// Savepoint depth for nested ``transaction(_:)`` calls.
    var nestingDepth = 0
    /// The timeouts each read transaction sets (``ReadTimeouts``); the defaults unless a command's
    /// `--lock-timeout` / `--statement-timeout` say otherwise.
    public var readTimeouts = ReadTimeouts()

    /// Notices the server sent since the connection opened or ``clearNotices()`` was last called.
    public var notices: [DatabaseNotice] { collector.notices }

    /// Opens a connection; throws a ``DatabaseError`` whose kind and message explain a failure.
    public init(_ target: ConnectionTarget) throws {
        self.target = target
        guard let connection = Self.connect(target) else {
            throw DatabaseError(kind: .connectionFailed, message: "libpq could not allocate a connection (out of memory).")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = PQerrorMessage(connection).map { String(cString: $0) } ?? ""
            PQfinish(connection)
            throw DatabaseError.connectionFailure(libpqMessage: message, target: target)
        }
        handle = connection
        collector.scrub = target.scrubber
        collector.install(on: connection)
    }

    /// Connects with ``ConnectionTarget/defaultParameters`` first and the target's string (expanded as
    /// `dbname`) last, so every setting the string names wins over a default.
    private static func connect(_ target: ConnectionTarget) -> OpaquePointer? {
        let pairs = target.defaultParameters + [("dbname", target.conninfo)]
        let keywords = pairs.map { strdup($0.keyword) } + [nil]
        let values = pairs.map { strdup($0.value) } + [nil]
        defer { for pointer in keywords + values { free(pointer) } }
        return keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { keywordPointers in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { valuePointers in
                PQconnectdbParams(keywordPointers.baseAddress, valuePointers.baseAddress, 1)
            }
        }
    }

    /// Opens a connection from a URL or `key=value` string.
    public convenience init(url: String) throws {
        try self.init(ConnectionTarget(url))
    }

    deinit { close() }

    /// Closes the connection; later calls throw. Closing twice is harmless.
    public func close() {
        if let handle {
            PQfinish(handle)
            self.handle = nil
        }
    }

    /// Forgets the collected notices.
    public func clearNotices() { collector.notices.removeAll() }

    /// Runs a script of one or more statements with the simple protocol (no parameters).
    ///
    /// Statements run in order and stop at the first error; unless the script manages its own
    /// transaction, statements before the failing one stay committed.
    public func execute(_ script: String) throws {
        let connection = try open()
        roundTrips += 1
        let result = PQexec(connection, script)
        defer { PQclear(result) }
        try check(result, statement: script)
    }

    /// Runs a script of one or more statements like ``execute(_:)``, in one round trip, and returns
    /// the rows of its last statement: a probe's setup and its query together.
    ///
    ///     let seen = try connection.executeReturningLast("set local role authenticated; select count(*) from note")
    @discardableResult
    public func executeReturningLast(_ script: String) throws -> QueryResult {
        let connection = try open()
        roundTrips += 1
        let result = PQexec(connection, script)
        defer { PQclear(result) }
        try check(result, statement: script)
        return Self.read(result!)
    }

    /// Runs `statements` as one script with the simple protocol, in one round trip, and returns each
    /// statement's result in order. The script stops at the first error, which is returned with the
    /// results before it (so `results.count` is the failing statement's index) rather than thrown;
    /// a lost connection is thrown.
    ///
    ///     let (inserted, failure) = try connection.executeEach(["insert … returning id", "insert … returning id"])
    public func executeEach(_ statements: [String]) throws -> (results: [QueryResult], failure: DatabaseError?) {
        let connection = try open()
        roundTrips += 1
        guard PQsendQuery(connection, statements.joined(separator: ";\n")) == 1 else {
            throw DatabaseError(
                kind: .connectionLost, message: target.scrub(PQerrorMessage(connection).map { String(cString: $0) } ?? "could not send"))
        }
        var results: [QueryResult] = []
        var failure: DatabaseError?
        while let result = PQgetResult(connection) {
            defer { PQclear(result) }
            switch PQresultStatus(result) {
            case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY:
                if failure == nil { results.append(Self.read(result)) }
            default:
                if failure == nil {
                    failure = error(from: result, statement: statements.indices.contains(results.count) ? statements[results.count] : "")
                }
            }
        }
        if let failure, failure.kind == .connectionLost { throw failure }
        return (results, failure)
    }

    /// Runs one statement with the extended protocol, sending `parameters` as `$1`, `$2`, … in text format.
    ///
    /// `nil` is SQL NULL. Values are never spliced into the SQL text.
    @discardableResult
    public func query(_ sql: String, _ parameters: [SQLParameter?] = []) throws -> QueryResult {
        let connection = try open()
        let texts = parameters.map { $0?.sqlText }
        var cStrings: [UnsafeMutablePointer<CChar>?] = texts.map { $0.flatMap { strdup($0) } }
        defer { for pointer in cStrings { free(pointer) } }
        roundTrips += 1
        let result = cStrings.withUnsafeMutableBufferPointer { buffer -> OpaquePointer? in
            guard let base = buffer.baseAddress, !buffer.isEmpty else {
                return PQexecParams(connection, sql, 0, nil, nil, nil, nil, 0)
            }
            // libpq wants `const char * const *`; the strings stay owned (and freed) by us.
            return base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { values in
                PQexecParams(connection, sql, Int32(buffer.count), nil, values, nil, nil, 0)
            }
        }
        defer { PQclear(result) }
        try check(result, statement: sql)
        return Self.read(result!)
    }

    /// True while a transaction block is open on this connection.
    public var isInTransaction: Bool {
        guard let handle else { return false }
        let status = PQtransactionStatus(handle)
        return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
    }

    /// True when the open transaction has failed and only accepts ROLLBACK.
    var isTransactionFailed: Bool {
        handle.map { PQtransactionStatus($0) == PQTRANS_INERROR } ?? false
    }

    func open() throws -> OpaquePointer {
        guard let handle else {
            throw DatabaseError(kind: .connectionLost, message: "The connection to \(target) is closed.")
        }
        return handle
    }

    /// Throws the server's error, if the result reports one.
    func check(_ result: OpaquePointer?, statement: String) throws {
        guard let result else {
            let message = handle.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? "no result"
            throw DatabaseError(kind: .connectionLost, message: target.scrub(message), statement: statement)
        }
        switch PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY, PGRES_SINGLE_TUPLE, PGRES_COPY_IN, PGRES_COPY_OUT:
            return
        default:
            throw error(from: result, statement: statement)
        }
    }

    func error(from result: OpaquePointer, statement: String) -> DatabaseError {
        func field(_ code: Character) -> String? {
            guard let pointer = PQresultErrorField(result, Int32(code.asciiValue!)) else { return nil }
            return target.scrub(String(cString: pointer))
        }
        let lostConnection = handle.map { PQstatus($0) == CONNECTION_BAD } ?? true
        let fallback = PQresultErrorMessage(result).map { target.scrub(String(cString: $0)) } ?? "unknown error"
        return DatabaseError(
            kind: lostConnection ? .connectionLost : .server,
            state: field("C").map(SQLState.init(rawValue:)),
            severity: field("V") ?? field("S"),
            message: field("M") ?? fallback.trimmingCharacters(in: .whitespacesAndNewlines),
            detail: field("D"),
            hint: field("H"),
            position: field("P").flatMap { Int($0) },
            statement: statement,
            context: field("W")
        )
    }

    static func read(_ result: OpaquePointer) -> QueryResult {
        let columnCount = Int(PQnfields(result))
        let rowCount = Int(PQntuples(result))
        let columns = (0..<columnCount).map { String(cString: PQfname(result, Int32($0))) }
        var index: [String: Int] = [:]
        for (position, name) in columns.enumerated() where index[name] == nil { index[name] = position }
        var rows: [Row] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<Int32(rowCount) {
            let values: [String?] = (0..<Int32(columnCount)).map { column in
                PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
            }
            rows.append(Row(columnIndex: index, values: values))
        }
        let affected = PQcmdTuples(result).map { Int(String(cString: $0)) ?? 0 } ?? 0
        return QueryResult(columns: columns, rows: rows, affectedRows: affected)
    }
}
