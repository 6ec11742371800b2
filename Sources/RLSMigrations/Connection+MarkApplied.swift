import RLSModel
import RLSPostgres
import RLSSQL

/// What `rls apply --mark-applied VERSION` did.
public enum MarkAppliedOutcome: Sendable, Equatable {
    /// The history row and checksum were written; nothing of the file ran.
    case recorded
    /// The version was already recorded with this file's checksum; nothing was written.
    case alreadyRecorded
}

extension Connection {
    /// Records `file` as applied without running any of it, with its statements and checksum, as
    /// `supabase migration repair --status applied` does: for a baseline that the database already holds.
    ///
    /// One transaction under the apply lock (``MigrationLock``), creating the history tables when
    /// missing. A version the Supabase CLI recorded (no checksum) gets its checksum; a version
    /// recorded with another checksum is refused (the file was edited since it was applied).
    ///
    /// ```swift
    /// try connection.markApplied(baseline)   // .recorded
    /// ```
    @discardableResult
    public func markApplied(_ file: MigrationFile, options: ApplyOptions = ApplyOptions()) throws -> MarkAppliedOutcome {
        if let refusal = openTransactionRefusal(by: "rls apply --mark-applied") {
            throw MigrationError.database(
                action: "record a migration", message: refusal.message, state: refusal.state, hint: refusal.hint)
        }
        do {
            try execute("BEGIN")
            try MigrationLock.acquire(on: self, options: options)
            let shape = try MigrationHistory.shape(on: self)
            try MigrationHistory.create(missingFrom: shape, on: self)
            let recorded = try MigrationHistory.read(on: self, shape: shape).first { $0.version == file.version }
            if let recorded, let checksum = recorded.checksum {
                try execute("ROLLBACK")
                guard checksum == file.checksum else {
                    throw MigrationError.editedAfterApply([
                        EditedMigration(
                            version: file.version, fileName: file.fileName, appliedChecksum: checksum, currentChecksum: file.checksum)
                    ])
                }
                return .alreadyRecorded
            }
            if recorded != nil {
                try execute("DELETE FROM supabase_migrations.schema_migrations WHERE version = \(quoteLiteral(file.version))")
            }
            if let failure = try pipeline(MigrationHistory.recordStatements(for: file)).failure { throw failure.error }
            try execute("COMMIT")
            return .recorded
        } catch let error as MigrationError {
            try? execute("ROLLBACK")
            throw error
        } catch {
            try? execute("ROLLBACK")
            throw MigrationError.database("record \(file.fileName) as applied", error)
        }
    }
}
