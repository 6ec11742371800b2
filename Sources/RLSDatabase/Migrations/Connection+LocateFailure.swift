extension Connection {
    /// The error to report for a failed apply script: the file and line of the failing statement.
    ///
    /// When the server gives a position, it points into the script and maps straight to a line.
    /// Otherwise (constraint violations, existing objects, …) the pending statements are replayed one
    /// by one in a transaction that is always rolled back, to find which one fails.
    func failure(of script: ApplyScript, error: Error, options: ApplyOptions) -> MigrationError {
        guard let error = error as? DatabaseError else { return MigrationError.database("apply migrations", error) }
        if let position = error.position, let (file, statement, line) = script.locate(position: position) {
            return .statementFailed(StatementFailure(file: file, statement: statement, line: line, error: error))
        }
        if let located = replayToFindFailure(script, originalError: error, options: options) {
            return .statementFailed(located)
        }
        return MigrationError.database("apply migrations", error)
    }

    /// Replays statement by statement and rolls back; `nil` when the connection is gone or was
    /// terminated by the server (57P01…), or when nothing fails the same way this time. A timed-out
    /// statement is replayed too: statement_timeout applies per statement, so finding it costs at
    /// most one more timeout, and naming it is what the user needs.
    private func replayToFindFailure(
        _ script: ApplyScript, originalError: DatabaseError, options: ApplyOptions
    ) -> StatementFailure? {
        guard !originalError.isConnectionFailure, originalError.sqlState?.hasPrefix("57P") != true,
            originalError.sqlState?.hasPrefix("08") != true
        else { return nil }
        do {
            try execute("BEGIN")
            defer { try? execute("ROLLBACK") }
            try execute(MigrationLock.acquireSQL(options: options))
            for file in script.files {
                for statement in file.statements {
                    do {
                        try execute(statement.text)
                    } catch let error as DatabaseError {
                        // A different failure this time is not evidence about the original one.
                        guard error.sqlState == originalError.sqlState, !error.isConnectionFailure else { return nil }
                        let line = error.position.map { statement.line(atCharacter: $0) } ?? statement.line
                        return StatementFailure(file: file, statement: statement, line: line, error: error)
                    }
                }
            }
        } catch {
            return nil
        }
        return nil
    }
}
