/// A piece of SQL written by hand, spliced into the output exactly as given.
///
/// The name is deliberately loud: everything else the DSL produces is quoted by
/// `quoteIdentifier`/`quoteLiteral`; text entered through `SQL(raw:)` is not.
///
/// ```swift
/// CheckConstraint(SQL(raw: "price >= 0"))   // check (price >= 0)
/// ```
public struct SQL: Sendable, Hashable, CustomStringConvertible {
    /// The SQL text, unmodified.
    public var text: String

    /// Wraps hand-written SQL. Never build `text` from user input.
    public init(raw text: String) {
        self.text = text
    }

    /// The SQL text.
    public var description: String { text }
}
