import RLSPostgres

/// One `rls apply`, batch after batch (usually one; see ``TransactionModel``), each in its own
/// transactions: the enum values it adds, committed first, then its other statements and history rows.
struct ApplyRun {
    let files: [MigrationFile]
    let options: ApplyOptions
    /// Files committed so far.
    private(set) var applied: [MigrationFile] = []
    /// Applied versions without a file, as last read.
    private(set) var unknown: [AppliedMigration] = []
    /// What this run's transactions committed, in words, for a failure report and a signal handler.
    let progress: ApplyProgress
    /// The batch whose enum values were committed, awaiting its main transaction.
    private var enumValuesDone: [MigrationFile] = []

    init(files: [MigrationFile], options: ApplyOptions, progress: ApplyProgress) {
        self.files = files
        self.options = options
        self.progress = progress
    }

    /// Applies the next batch of pending files; false when nothing is left.
    ///
    /// Once an earlier transaction of the run has committed, any failure but a failing statement
    /// (which lists it itself) is thrown as ``MigrationError/stoppedAfterCommits(_:_:)``, so the
    /// report never says that nothing was applied.
    mutating func applyNextBatch(on connection: Connection) throws -> Bool {
        do {
            return try applyBatch(on: connection)
        } catch let error as MigrationError {
            if case .statementFailed = error { throw error }
            guard progress.hasCommitted else { throw error }
            throw MigrationError.stoppedAfterCommits(error, progress.outcome)
        }
    }

    private mutating func applyBatch(on connection: Connection) throws -> Bool {
        try run(connection, "start the apply transaction") { try connection.execute("BEGIN") }
        do {
            guard let (batchFiles, batch) = try begin(connection) else {
                try connection.execute("COMMIT")
                return false
            }
            if batchFiles != enumValuesDone, !batch.enumValues.isEmpty {
                try execute(batch.enumValues, of: batchFiles, history: [], on: connection, enumValues: true)
                let values = batch.enumValues.map {
                    let statement = batchFiles[$0.file].statements[$0.statement]
                    return "\(batchFiles[$0.file].displayName):\(statement.line): \(statement.text.firstLineForDisplay)"
                }
                try commit(connection, values, files: [])
                enumValuesDone = batchFiles
                return true  // the main transaction re-reads the history under the lock
            }
            let history = batchFiles.flatMap(MigrationHistory.recordStatements)
            try execute(batch.main, of: batchFiles, history: history, on: connection, enumValues: false)
            let names = batchFiles.map(\.displayName)
            try commit(connection, names, files: names)
            applied += batchFiles
            return true
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// Under the lock: reads the history, checks, and returns the next batch's files and plan.
    private mutating func begin(_ connection: Connection) throws -> ([MigrationFile], TransactionModel.Batch)? {
        try MigrationLock.acquire(on: connection, options: options)
        let (shape, status) = try run(connection, "read the migration history") {
            let shape = try MigrationHistory.shape(on: connection)
            return (shape, MigrationStatus(files: files, applied: try MigrationHistory.read(on: connection, shape: shape)))
        }
        unknown = status.unknown
        if applied.isEmpty { try Connection.check(status, options: options) }
        guard !status.pending.isEmpty else { return nil }
        progress.begin(pending: status.pending.map(\.displayName))
        var batch = TransactionModel.batches(status.pending.map(\.statements))[0]
        let batchFiles = Array(status.pending[batch.files])
        if batchFiles == enumValuesDone {
            batch.enumValues = []  // committed in the transaction before
        }
        batch.files = 0..<batchFiles.count
        if batch.enumValues.isEmpty {
            // Only the main transaction writes history, so only it creates the tables: an apply that
            // fails after its enum values leaves nothing else behind.
            try run(connection, "prepare the migration history") { try MigrationHistory.create(missingFrom: shape, on: connection) }
        }
        return (batchFiles, batch)
    }

    /// Sends `steps` and `history` as one pipeline; a failure is mapped to its file and line.
    private func execute(
        _ steps: [TransactionModel.Step], of batchFiles: [MigrationFile], history: [PipelineStatement],
        on connection: Connection, enumValues: Bool
    ) throws {
        var statements: [PipelineStatement] = []
        statements.reserveCapacity(steps.count + history.count)
        for step in steps {
            let statement = batchFiles[step.file].statements[step.statement]
            statements.append(PipelineStatement(enumValues ? statement.repeatableEnumValueText : statement.text))
        }
        statements += history
        let outcome = try run(connection, "apply migrations") { try connection.pipeline(statements) }
        guard let failure = outcome.failure else { return }
        try? connection.execute("ROLLBACK")
        guard failure.index < steps.count else { throw MigrationError.database("record the migration history", failure.error) }
        let step = steps[failure.index]
        let file = batchFiles[step.file]
        let statement = file.statements[step.statement]
        let line = failure.error.position.map { statement.line(atCharacter: $0) } ?? statement.line
        var report = StatementFailure(file: file, statement: statement, line: line, error: failure.error)
        report.committedBefore = progress.outcome.committed
        report.nameLockHolders(on: connection, waited: options.lockTimeout)
        throw MigrationError.statementFailed(report)
    }

    /// COMMIT in a message of its own: a client killed before it never sends it, and the server
    /// rolls everything back. `entries` (and the pending `files` among them) are what it commits,
    /// in words, for ``progress``.
    private func commit(_ connection: Connection, _ entries: [String], files: [String]) throws {
        progress.committing(entries)
        do {
            try connection.execute("COMMIT")
        } catch let error as DatabaseError where !error.isConnectionFailure {
            // The server refused the COMMIT (a deferred constraint, say): it rolled back.
            progress.didNotCommit()
            try? connection.execute("ROLLBACK")
            throw MigrationError.database("commit the migrations", error)
        } catch {
            // In doubt: the progress keeps `entries` as neither committed nor rolled back.
            throw MigrationError.commitOutcomeUnknown((error as? DatabaseError)?.message ?? "\(error)")
        }
        progress.didCommit(entries, files: files)
    }

    /// Runs `body`, turning a database error into ``MigrationError/database(action:message:state:hint:)``.
    private func run<T>(_ connection: Connection, _ action: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MigrationError {
            throw error
        } catch {
            throw MigrationError.database(action, error)
        }
    }
}
