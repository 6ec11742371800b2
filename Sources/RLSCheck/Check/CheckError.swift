import RLSModel

/// Why `rls check` could not run its probes (as opposed to probes that found a mismatch).
public struct CheckError: Error, Sendable, CustomStringConvertible {
    /// What happened and what to do next.
    public var message: String

    /// An error with a user-facing message.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }

    static func cannotInvent(_ table: Table, _ column: Column) -> CheckError {
        CheckError(
            "rls check cannot invent a value for \(table.qualifiedName).\(column.name) (\(column.type)); "
                + "give it one with Column(\"\(column.name)\", ...).fixture(SQL(raw: \"...\")) at \(column.source)")
    }
}
