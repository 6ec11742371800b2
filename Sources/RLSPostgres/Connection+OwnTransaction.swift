import RLSWords

extension Connection {
    /// The one refusal of every operation that opens and ends its own transaction (`rls apply`,
    /// `--mark-applied`, `rls check`) when the caller already holds one open: nil when none is open.
    ///
    /// ```swift
    /// if let refusal = connection.openTransactionRefusal(by: "rls check", ending: "rolls it back") { throw refusal }
    /// // 25001 the connection is already inside a transaction
    /// // hint: rls check opens its own transaction and rolls it back; call it outside one.
    /// ```
    public func openTransactionRefusal(by operation: String, ending: String = "commits it") -> DatabaseError? {
        guard isInTransaction else { return nil }
        return DatabaseError(
            kind: .server, state: .activeSQLTransaction, severity: "ERROR",
            message: "the connection is already inside a transaction",
            hint: "\(operation) opens its own transaction and \(ending); call it outside one.")
    }
}
