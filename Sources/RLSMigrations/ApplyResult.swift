import RLSPostgres

/// What `rls apply` did (or, for a dry run, would do).
public struct ApplyResult: Sendable, Equatable {
    /// The files applied in this run, in order; empty when everything was already applied
    /// (for example by a concurrent apply that held the lock first).
    public var applied: [MigrationFile]
    /// True when nothing was written: the files listed are those that would be applied.
    public var isDryRun: Bool
    /// Destructive statements that were applied (allowed by `allowDestructive`) or would be.
    public var destructiveStatements: [DestructiveStatement]
    /// Applied versions with no file in the folder, for a warning.
    public var unknown: [AppliedMigration]

    /// A result.
    public init(
        applied: [MigrationFile], isDryRun: Bool, destructiveStatements: [DestructiveStatement] = [],
        unknown: [AppliedMigration] = []
    ) {
        self.applied = applied
        self.isDryRun = isDryRun
        self.destructiveStatements = destructiveStatements
        self.unknown = unknown
    }

    /// The number of statements in the applied files.
    public var statementCount: Int {
        applied.reduce(0) { $0 + $1.statements.count }
    }
}
