/// A notice or warning the server sent while running a statement (`RAISE NOTICE`, "table does not exist, skipping", …).
public struct DatabaseNotice: Sendable, Equatable, CustomStringConvertible {
    /// `NOTICE`, `WARNING`, `INFO`, `LOG` or `DEBUG`.
    public var severity: String
    /// The SQLSTATE code of the notice (`00000` for plain `RAISE NOTICE`).
    public var sqlState: String?
    /// The notice text.
    public var message: String
    /// The optional detail line.
    public var detail: String?
    /// The optional hint.
    public var hint: String?

    /// Creates a notice.
    public init(severity: String, sqlState: String? = nil, message: String, detail: String? = nil, hint: String? = nil) {
        self.severity = severity
        self.sqlState = sqlState
        self.message = message
        self.detail = detail
        self.hint = hint
    }

    /// `NOTICE: message`.
    public var description: String { "\(severity): \(message)" }
}
