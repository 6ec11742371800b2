/// A five-character SQLSTATE code with names for the ones `rls` acts on, so decisions read
/// `error.state == .insufficientPrivilege` instead of comparing strings or message text. The one
/// list of codes every layer compares (the database client, apply, check, the command line).
///
/// ```swift
/// catch let error as DatabaseError where error.state == .insufficientPrivilege { ... }  // 42501
/// ```
public struct SQLState: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The code as the server sends it, such as `42501`.
    public let rawValue: String

    /// Wraps a code.
    public init(rawValue: String) { self.rawValue = rawValue }

    // Class 0A: feature not supported.
    /// `0A000`: the server does not support the feature (among others, an extension it does not ship).
    public static let featureNotSupported = SQLState(rawValue: "0A000")

    // Class 22: data exceptions.
    /// `22003`: a number out of the column type's range.
    public static let numericValueOutOfRange = SQLState(rawValue: "22003")
    /// `22P02`: text that does not parse as the column's type.
    public static let invalidTextRepresentation = SQLState(rawValue: "22P02")

    // Class 23: integrity constraints.
    /// `23503`: a foreign key refused the row.
    public static let foreignKeyViolation = SQLState(rawValue: "23503")
    /// `23505`: a unique constraint refused the row.
    public static let uniqueViolation = SQLState(rawValue: "23505")
    /// `23514`: a CHECK constraint refused the row.
    public static let checkViolation = SQLState(rawValue: "23514")

    // Class 25: transaction state.
    /// `25000`: the transaction is not in the state the operation needs.
    public static let invalidTransactionState = SQLState(rawValue: "25000")
    /// `25001`: the statement cannot run inside a transaction block, or one is already open.
    public static let activeSQLTransaction = SQLState(rawValue: "25001")
    /// `25P01`: the operation needs an open transaction.
    public static let noActiveSQLTransaction = SQLState(rawValue: "25P01")
    /// `25P02`: the transaction has failed and accepts only ROLLBACK.
    public static let inFailedTransaction = SQLState(rawValue: "25P02")

    // Class 40: transaction rollback.
    /// `40P01`: two transactions waited on each other and the server ended one of them.
    public static let deadlockDetected = SQLState(rawValue: "40P01")

    // Class 42: syntax errors and access rule violations.
    /// `42501`: a missing privilege, or a row refused by a policy's WITH CHECK (both use this code).
    public static let insufficientPrivilege = SQLState(rawValue: "42501")
    /// `42601`: a syntax error.
    public static let syntaxError = SQLState(rawValue: "42601")
    /// `42703`: no such column.
    public static let undefinedColumn = SQLState(rawValue: "42703")
    /// `42P01`: no such table.
    public static let undefinedTable = SQLState(rawValue: "42P01")
    /// `42P06`: the schema already exists.
    public static let duplicateSchema = SQLState(rawValue: "42P06")
    /// `42P07`: the table (or another relation) already exists.
    public static let duplicateTable = SQLState(rawValue: "42P07")
    /// `42710`: the object (a policy, a trigger, a type, a role) already exists.
    public static let duplicateObject = SQLState(rawValue: "42710")
    /// `42723`: the function already exists.
    public static let duplicateFunction = SQLState(rawValue: "42723")
    /// `42P17`: an invalid object definition; among others, infinite recursion in a policy that reads
    /// a table whose policies read back.
    public static let invalidObjectDefinition = SQLState(rawValue: "42P17")

    // Class 55 and 57: object state and operator intervention.
    /// `55000`: the object is not in the state the call needs (`currval` before any `nextval`).
    public static let objectNotInPrerequisiteState = SQLState(rawValue: "55000")
    /// `55P03`: a lock could not be taken in time.
    public static let lockNotAvailable = SQLState(rawValue: "55P03")
    /// `55P04`: a new enum value used in the transaction that added it.
    public static let unsafeNewEnumValueUsage = SQLState(rawValue: "55P04")
    /// `57014`: the statement was cancelled, by the statement timeout among others.
    public static let queryCanceled = SQLState(rawValue: "57014")

    // Class 58: system errors.
    /// `58P01`: a file the server needs is missing (among others, an extension's control file).
    public static let undefinedFile = SQLState(rawValue: "58P01")

    /// Class `23`: an integrity constraint refused the row (after every access check passed).
    public var isIntegrityConstraintViolation: Bool { rawValue.hasPrefix("23") }

    /// The code itself.
    public var description: String { rawValue }
}
