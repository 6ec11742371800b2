extension Connection {
    /// Applies the pending ones of `files` (sorted by version) in ONE transaction, or none of them.
    /// The entry point of `rls apply`.
    ///
    /// In order: take the transaction-scoped advisory lock ``MigrationLock`` (a concurrent apply
    /// waits here, then finds nothing to do), create the history tables if missing, read the history,
    /// refuse edited applied files, transaction control and (without `allowDestructive`) destructive
    /// statements, then send every pending statement and the history rows as one script under
    /// `lock_timeout` and `statement_timeout`, and COMMIT. A dry run only reads, as
    /// ``migrationStatus(_:)`` does, and checks the same things.
    ///
    /// ```swift
    /// let result = try connection.applyMigrations(try MigrationDirectory().files(), options: ApplyOptions())
    /// for file in result.applied { print("applied \(file.fileName)") }
    /// ```
    ///
    /// Throws ``MigrationError``: `.editedAfterApply`, `.destructive`, `.transactionControl` before
    /// anything runs; `.statementFailed` naming the file and line when a statement fails;
    /// `.database` for failures outside the statements. In every case nothing was applied, except
    /// `.commitOutcomeUnknown`: the connection broke during COMMIT, so only the history can tell.
    @discardableResult
    public func applyMigrations(_ files: [MigrationFile], options: ApplyOptions = ApplyOptions()) throws -> ApplyResult {
        if options.dryRun {
            let status = try migrationStatus(files)
            try Self.check(status, options: options)
            return ApplyResult(
                applied: status.pending, isDryRun: true, destructiveStatements: status.destructiveStatements,
                unknown: status.unknown)
        }
        guard !isInTransaction else {
            throw MigrationError.database(
                action: "apply migrations", message: "the connection is already inside a transaction",
                sqlState: "25001", hint: "rls apply opens and commits its own transaction; call it outside one.")
        }
        try run("start the apply transaction") { try execute("BEGIN") }
        let status: MigrationStatus
        let script: ApplyScript
        do {
            do {
                try execute(MigrationLock.acquireSQL(options: options))
            } catch {
                throw MigrationLock.busyError(error, options: options)
            }
            status = try run("prepare the migration history") {
                let shape = try MigrationHistory.shape(on: self)
                try MigrationHistory.create(missingFrom: shape, on: self)
                return MigrationStatus(files: files, applied: try MigrationHistory.read(on: self, shape: shape))
            }
            try Self.check(status, options: options)
            script = ApplyScript(files: status.pending)
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        if !status.pending.isEmpty {
            do {
                try execute(script.text)
            } catch {
                try? execute("ROLLBACK")
                throw failure(of: script, error: error, options: options)
            }
        }
        // COMMIT travels in a message of its own, never inside the script: a client killed while the
        // script runs never sends it, and the server rolls the whole apply back.
        do {
            try execute("COMMIT")
        } catch let error as DatabaseError where !error.isConnectionFailure {
            // The server refused the COMMIT (a deferred constraint, say): it rolled back.
            try? execute("ROLLBACK")
            throw MigrationError.database("commit the migrations", error)
        } catch {
            throw MigrationError.commitOutcomeUnknown((error as? DatabaseError)?.message ?? "\(error)")
        }
        return ApplyResult(
            applied: status.pending, isDryRun: false, destructiveStatements: status.destructiveStatements,
            unknown: status.unknown)
    }

    /// The refusals that come before anything runs.
    private static func check(_ status: MigrationStatus, options: ApplyOptions) throws {
        if !status.edited.isEmpty { throw MigrationError.editedAfterApply(status.edited) }
        for file in status.pending {
            if let statement = file.statements.first(where: \.isTransactionControl) {
                throw MigrationError.transactionControl(
                    fileName: file.fileName, line: statement.line, statement: statement.text)
            }
        }
        let destructive = status.destructiveStatements
        if !options.allowDestructive, !destructive.isEmpty { throw MigrationError.destructive(destructive) }
    }

    /// Runs `body`, turning a database error into ``MigrationError/database(action:message:sqlState:hint:)``.
    private func run<T>(_ action: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as MigrationError {
            throw error
        } catch {
            throw MigrationError.database(action, error)
        }
    }
}
