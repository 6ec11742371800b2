import RLSModel

/// One cell of the access matrix: what one caller may do with one operation on one table.
///
/// The key of an ``AccessProof``: `rls check` reports, per cell, whether its probes proved it.
public struct AccessCell: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The table.
    public var table: TableName
    /// Who is asking.
    public var caller: Caller
    /// What they try to do.
    public var operation: Operation

    /// A cell.
    public init(_ table: TableName, _ caller: Caller, _ operation: Operation) {
        self.table = table
        self.caller = caller
        self.operation = operation
    }

    /// `public.saved, the row's owner, insert`.
    public var description: String { "\(table), \(caller), \(operation)" }

    /// Orders by table, then caller, then operation.
    public static func < (lhs: AccessCell, rhs: AccessCell) -> Bool {
        (lhs.table, lhs.caller, lhs.operation) < (rhs.table, rhs.caller, rhs.operation)
    }
}
