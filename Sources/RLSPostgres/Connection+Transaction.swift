import RLSWords

extension Connection {
    /// Runs `body` in a transaction: `BEGIN`, then `COMMIT`, or `ROLLBACK` when `body` throws.
    ///
    /// Inside an open transaction it uses a savepoint instead, so transactions nest.
    ///
    /// ```swift
    /// try connection.transaction { db in
    ///     try db.execute("set local role authenticated")
    ///     return try db.query("select auth.uid()")
    /// }
    /// ```
    public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
        if isInTransaction {
            return try savepoint(body)
        }
        try execute("BEGIN")
        let value: T
        do {
            value = try body(self)
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        if isTransactionFailed {
            // COMMIT of a failed transaction silently rolls back; say so instead.
            try? execute("ROLLBACK")
            throw DatabaseError(
                kind: .server, state: .inFailedTransaction, severity: "ERROR",
                message: "The transaction failed inside the block and was rolled back.")
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        return value
    }

    private func savepoint<T>(_ body: (Connection) throws -> T) throws -> T {
        nestingDepth += 1
        defer { nestingDepth -= 1 }
        let name = "rls_savepoint_\(nestingDepth)"
        try execute("SAVEPOINT \(name)")
        do {
            let value = try body(self)
            try execute("RELEASE SAVEPOINT \(name)")
            return value
        } catch {
            try? execute("ROLLBACK TO SAVEPOINT \(name)")
            throw error
        }
    }
}
