/// A five-character SQLSTATE code with names for the ones `rls` acts on, so decisions read
/// `error.state == .insufficientPrivilege` instead of comparing strings or message text.
///
/// ```swift
/// catch let error as DatabaseError where error.state == .insufficientPrivilege { ... }  // 42501
/// ```
public struct SQLState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as the server sends it, such as `42501`.
    public let rawValue: String

    /// Wraps a code.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `42501`: a missing privilege, or a row refused by a policy's WITH CHECK (both use this code).
    public static let insufficientPrivilege = SQLState(rawValue: "42501")
    /// `42P17`: infinite recursion, for example a policy that reads a table whose policies read back.
    public static let invalidObjectDefinition = SQLState(rawValue: "42P17")
    /// `23505`: a unique constraint refused the row.
    public static let uniqueViolation = SQLState(rawValue: "23505")
    /// `23514`: a CHECK constraint refused the row.
    public static let checkViolation = SQLState(rawValue: "23514")
    /// `22P02`: text that does not parse as the column's type.
    public static let invalidTextRepresentation = SQLState(rawValue: "22P02")
    /// `22003`: a number out of the column type's range.
    public static let numericValueOutOfRange = SQLState(rawValue: "22003")
    /// `55P03`: a lock could not be taken in time.
    public static let lockNotAvailable = SQLState(rawValue: "55P03")
    /// `25P02`: the transaction has failed and accepts only ROLLBACK.
    public static let inFailedTransaction = SQLState(rawValue: "25P02")

    /// Class `23`: an integrity constraint refused the row (after every access check passed).
    public var isIntegrityConstraintViolation: Bool { rawValue.hasPrefix("23") }

    /// The code itself.
    public var description: String { rawValue }
}

extension DatabaseError {
    /// ``sqlState`` as a typed code.
    public var state: SQLState? { sqlState.map(SQLState.init(rawValue:)) }
}
