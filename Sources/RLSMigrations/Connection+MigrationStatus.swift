import RLSPostgres

extension Connection {
    /// Compares `files` with this database's migration history, reading only: in a READ ONLY
    /// transaction, taking no locks beyond catalog reads, creating nothing. The entry point of the
    /// "pending migrations" part of `rls plan`.
    ///
    /// ```swift
    /// let status = try connection.migrationStatus(try MigrationDirectory(path: "Migrations").files())
    /// for file in status.pending { print("pending  \(file.fileName)") }
    /// for file in status.edited { print("edited   \(file.fileName)") }
    /// ```
    ///
    /// Inside a transaction the caller opened, it reads in that transaction instead.
    /// Throws ``MigrationError/database(action:message:state:hint:)`` when the history cannot be read.
    public func migrationStatus(_ files: [MigrationFile]) throws -> MigrationStatus {
        do {
            let ownTransaction = !isInTransaction
            let applied = try transaction { connection in
                if ownTransaction { try connection.execute("SET TRANSACTION READ ONLY; " + connection.readTimeouts.setLocalSQL) }
                return try MigrationHistory.read(on: connection, shape: try MigrationHistory.shape(on: connection))
            }
            return MigrationStatus(files: files, applied: applied)
        } catch {
            throw MigrationError.database("read the migration history", explainingReadTimeout(error, reading: "the migration history"))
        }
    }
}
