import RLSModel
import RLSPostgres

extension Connection {
    /// Runs the pending ones of `files` in ONE transaction that is always rolled back: the proof
    /// behind `rls apply --dry-run` that they apply to this database as it is now. A file creating
    /// what the database already holds (a baseline recorded nowhere), a column that is not there,
    /// fails here with its file and line, and nothing is written.
    ///
    /// Takes the apply lock (``MigrationLock``) for the duration, like an apply, and the table locks
    /// the statements take until the rollback; returns the status it rehearsed.
    ///
    /// ```swift
    /// let status = try connection.rehearseMigrations(try MigrationDirectory().files())
    /// ```
    @discardableResult
    public func rehearseMigrations(_ files: [MigrationFile], options: ApplyOptions = ApplyOptions()) throws -> MigrationStatus {
        guard !isInTransaction else {
            throw MigrationError.database(
                action: "rehearse migrations", message: "the connection is already inside a transaction",
                state: .activeSQLTransaction,
                hint: "rls apply --dry-run opens and rolls back its own transaction; call it outside one.")
        }
        let status = try migrationStatus(files)
        guard !status.pending.isEmpty else { return status }
        // The same refusals as apply, before anything runs: a `commit` in a file must not commit here.
        try Self.check(status, options: options)
        let steps = status.pending.flatMap { file in file.statements.map { (file: file, statement: $0) } }
        do {
            try execute("BEGIN")
            try MigrationLock.acquire(on: self, options: options)
            try MigrationHistory.create(missingFrom: try MigrationHistory.shape(on: self), on: self)
        } catch let error as MigrationError {
            try? execute("ROLLBACK")
            throw error
        } catch {
            try? execute("ROLLBACK")
            throw MigrationError.database("rehearse migrations", error)
        }
        let outcome: PipelineOutcome
        do {
            outcome = try pipeline(steps.map { PipelineStatement($0.statement.text) })
        } catch {
            try? execute("ROLLBACK")
            throw MigrationError.database("rehearse migrations", error)
        }
        try? execute("ROLLBACK")
        if let failure = outcome.failure {
            let (file, statement) = steps[failure.index]
            let line = failure.error.position.map { statement.line(atCharacter: $0) } ?? statement.line
            throw MigrationError.statementFailed(StatementFailure(file: file, statement: statement, line: line, error: failure.error))
        }
        return status
    }
}
