import RLSWords

/// An error from the database or from reaching it.
///
/// Server errors carry the fields PostgreSQL reports (SQLSTATE, severity, message, detail, hint and
/// the 1-based position in the statement). Connection failures have a ``kind`` naming the cause and a
/// message that says what to try. No message ever contains a password.
///
/// ```swift
/// do { try connection.execute("selec 1") }
/// catch let error as DatabaseError {
///     error.state      // .syntaxError
///     error.sqlState   // "42601", as output prints it
///     error.position   // 1
/// }
/// ```
public struct DatabaseError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// What went wrong, in broad strokes; ``Kind/server`` for errors the server reported for a statement.
    public var kind: Kind
    /// The SQLSTATE code, such as ``SQLState/syntaxError`` (`42601`) or ``SQLState/uniqueViolation``
    /// (`23505`); decisions compare this typed value.
    public var state: SQLState?
    /// `ERROR`, `FATAL` or `PANIC` as the server reports it.
    public var severity: String?
    /// The primary message: what happened, and for connection failures what to try.
    public var message: String
    /// The server's optional detail line.
    public var detail: String?
    /// The server's optional hint.
    public var hint: String?
    /// 1-based character offset into ``statement`` where the error was found, as the server reports it.
    public var position: Int?
    /// The statement or script that failed, when the error came from running one.
    public var statement: String?
    /// The server's context: the stack of functions and statements the error passed through,
    /// innermost first, one per line (a trigger that raised it shows up here).
    public var context: String?

    /// Creates an error; the library creates these, tests and callers may too.
    public init(
        kind: Kind, state: SQLState? = nil, severity: String? = nil, message: String,
        detail: String? = nil, hint: String? = nil, position: Int? = nil, statement: String? = nil,
        context: String? = nil
    ) {
        self.kind = kind
        self.state = state
        self.severity = severity
        self.message = message
        self.detail = detail
        self.hint = hint
        self.position = position
        self.statement = statement
        self.context = context
    }

    /// The five-character code as the server sent it, for output (`ERROR 42601: …`); compare ``state``.
    public var sqlState: String? { state?.rawValue }

    /// Short and safe to show (no password): for a connection failure the explanation and what to try;
    /// for a server error `ERROR 42601: message (at character 8)` plus the server's detail and hint.
    public var description: String {
        if kind.isConnectionFailure {
            return hint.map { message + "\nHint: " + $0 } ?? message
        }
        var text = ""
        if let severity { text += severity }
        if let sqlState { text += (text.isEmpty ? "" : " ") + sqlState }
        text += (text.isEmpty ? "" : ": ") + message
        if let position { text += " (at character \(position))" }
        if let detail { text += "\nDetail: " + detail }
        if let hint { text += "\nHint: " + hint }
        return text
    }

    /// True when the error is about reaching the database rather than a statement.
    public var isConnectionFailure: Bool { kind.isConnectionFailure }

    /// Everything known, for `--verbose`: the description, libpq's own words for connection
    /// failures, and the statement. Still free of the connection password.
    public var debugDescription: String {
        var text = description
        if kind.isConnectionFailure, let detail { text += "\nlibpq: " + detail }
        text += "\nkind: \(kind.rawValue)"
        if let statement { text += "\nstatement: " + statement }
        return text
    }
}
