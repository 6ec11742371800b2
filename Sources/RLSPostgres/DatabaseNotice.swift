import RLSWords

/// A notice or warning the server sent while running a statement (`RAISE NOTICE`, "table does not exist, skipping", …).
public struct DatabaseNotice: Sendable, Equatable, CustomStringConvertible {
    /// `NOTICE`, `WARNING`, `INFO`, `LOG` or `DEBUG`.
    public var severity: String
    /// The SQLSTATE code of the notice (`00000` for plain `RAISE NOTICE`).
    public var state: SQLState?
    /// The notice text.
    public var message: String
    /// The optional detail line.
    public var detail: String?
    /// The optional hint.
    public var hint: String?

    /// Creates a notice.
    public init(severity: String, state: SQLState? = nil, message: String, detail: String? = nil, hint: String? = nil) {
        self.severity = severity
        self.state = state
        self.message = message
        self.detail = detail
        self.hint = hint
    }

    /// The five-character code as the server sent it, for output; compare ``state``.
    public var sqlState: String? { state?.rawValue }

    /// `NOTICE: message`.
    public var description: String { "\(severity): \(message)" }
}
