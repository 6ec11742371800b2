import RLSModel
import RLSPostgres

extension Connection {
    /// Applies the pending ones of `files` (sorted by version), all of them or none, following the
    /// ``TransactionModel``. The entry point of `rls apply`.
    ///
    /// In order: take the transaction-scoped advisory lock ``MigrationLock`` (a concurrent apply
    /// waits here, then finds nothing to do), create the history tables if missing, read the history,
    /// and refuse before anything runs: edited applied files, files older than the newest applied one
    /// (unless `includeAll`; applied versions without a file are only reported, in the result), statements a migration may not hold
    /// (transaction control, `COPY … STDIN`, `VACUUM`, `… CONCURRENTLY`) and, without
    /// `allowDestructive`, destructive statements. Then every pending statement is sent as its own
    /// protocol message in one pipeline under `lock_timeout` and `statement_timeout`, followed by the
    /// history rows, and COMMIT. A dry run only reads, as ``migrationStatus(_:)`` does, and checks
    /// the same things.
    ///
    /// ```swift
    /// let result = try connection.applyMigrations(try MigrationDirectory().files(), options: ApplyOptions())
    /// for file in result.applied { print("applied \(file.fileName)") }
    /// ```
    ///
    /// Throws ``MigrationError``: the refusals above before anything runs; `.statementFailed` naming
    /// the file, line and SQLSTATE of the failing statement (from its place in the pipeline; nothing
    /// is run twice); `.database` for failures outside the statements. In every case nothing was
    /// applied, except what the failure lists as committed before (enum values, which PostgreSQL
    /// cannot remove, and earlier batches), and `.commitOutcomeUnknown`: the connection broke during
    /// COMMIT, so only the history can tell. Once a transaction of the run has committed, other
    /// failures come as `.stoppedAfterCommits`, listing what committed and what did not; `progress`
    /// (for a signal handler) holds the same at every moment.
    @discardableResult
    public func applyMigrations(
        _ files: [MigrationFile], options: ApplyOptions = ApplyOptions(), progress: ApplyProgress = ApplyProgress()
    ) throws -> ApplyResult {
        if options.dryRun {
            let status = try migrationStatus(files)
            try Self.check(status, options: options)
            return ApplyResult(
                applied: status.pending, isDryRun: true, destructiveStatements: status.destructiveStatements,
                unknown: status.unknown)
        }
        if let refusal = openTransactionRefusal(by: "rls apply") {
            throw MigrationError.database(
                action: "apply migrations", message: refusal.message, state: refusal.state, hint: refusal.hint)
        }
        var run = ApplyRun(files: files, options: options, progress: progress)
        while try run.applyNextBatch(on: self) {}
        return ApplyResult(
            applied: run.applied, isDryRun: false, destructiveStatements: run.applied.flatMap(\.destructiveStatements),
            unknown: run.unknown)
    }

    /// The refusals that come before anything runs.
    static func check(_ status: MigrationStatus, options: ApplyOptions) throws {
        if !status.edited.isEmpty { throw MigrationError.editedAfterApply(status.edited) }
        if !options.includeAll, !status.outOfOrder.isEmpty, let newest = status.applied.last?.version {
            throw MigrationError.outOfOrder(status.outOfOrder.map(\.fileName), newestApplied: newest)
        }
        for file in status.pending {
            for statement in file.statements {
                guard let refusal = statement.refusal else { continue }
                if refusal == .transactionControl {
                    throw MigrationError.transactionControl(
                        fileName: file.fileName, line: statement.line, statement: statement.text)
                }
                throw MigrationError.refusedStatement(
                    fileName: file.fileName, line: statement.line, statement: statement.text, reason: refusal.explanation)
            }
        }
        let destructive = status.destructiveStatements
        if !options.allowDestructive, !destructive.isEmpty { throw MigrationError.destructive(destructive) }
    }
}
