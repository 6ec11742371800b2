import RLSModel
import RLSPostgres

/// A migration statement the server rejected, mapped back to its file and line.
///
/// ```text
/// 20261122153000_add_saved.sql:12:8: relation "patrons" does not exist (SQLSTATE 42P01)
/// ```
public struct StatementFailure: Sendable, Equatable {
    /// The migration file's name.
    public var fileName: String
    /// The migration file's path.
    public var path: String
    /// The 1-based line in the file: where the server points when it gives a position, otherwise
    /// where the statement starts.
    public var line: Int
    /// The failing statement's text.
    public var statement: String
    /// The SQLSTATE, such as ``SQLState/undefinedTable`` (`42P01`), when the server sent one.
    public var state: SQLState?
    /// The server's message.
    public var message: String
    /// The server's detail line, if any.
    public var detail: String?
    /// The server's hint, or ours for common cases, if any.
    public var hint: String?
    /// What the same apply committed before the failing statement's transaction (enum values added
    /// in a transaction of their own, earlier batches), in words; empty when nothing was.
    public var committedBefore: [String] = []

    /// A failure at a place in a file.
    public init(
        fileName: String, path: String, line: Int, statement: String, state: SQLState?, message: String,
        detail: String? = nil, hint: String? = nil
    ) {
        self.fileName = fileName
        self.path = path
        self.line = line
        self.statement = statement
        self.state = state
        self.message = message
        self.detail = detail
        self.hint = hint
    }

    /// The five-character code as the server sent it, for output (`(SQLSTATE 42P01)`); compare ``state``.
    public var sqlState: String? { state?.rawValue }
}
