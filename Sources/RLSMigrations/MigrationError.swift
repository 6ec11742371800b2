import RLSModel
import RLSPostgres

/// What went wrong reading, checking or applying migrations. `description` says what happened and
/// what to do next, ready to print.
public enum MigrationError: Error, Sendable, Equatable {
    /// The migrations folder does not exist.
    case directoryMissing(String)
    /// A file or folder could not be read or written.
    case unreadable(String, reason: String)
    /// A `.sql` file in the folder is not named `YYYYMMDDHHMMSS_name.sql`.
    case badFileName(String, directory: String)
    /// Two files share one version (timestamp).
    case duplicateVersion(String, fileNames: [String])
    /// A new migration's name has no letter or digit to build a file name from.
    case invalidName(String)
    /// A new migration would reuse the version of an existing file.
    case fileExists(String)
    /// A pending file contains `BEGIN`, `COMMIT` or similar, which would break the single transaction.
    case transactionControl(fileName: String, line: Int, statement: String)
    /// A pending file contains a statement that cannot run in a migration (`VACUUM`,
    /// `CREATE INDEX CONCURRENTLY`, `COPY … FROM STDIN`, …); `reason` says why and what to do.
    case refusedStatement(fileName: String, line: Int, statement: String, reason: String)
    /// A migration file is not text: a NUL byte, invalid UTF-8 or a byte-order mark after the start,
    /// at `byteOffset` (0-based).
    case notText(String, byteOffset: Int, reason: String)
    /// Pending files are older than the newest applied migration (typically merged from another
    /// branch); applying them needs `includeAll`, as with the Supabase CLI.
    case outOfOrder([String], newestApplied: String)
    /// Applied files were edited since they ran.
    case editedAfterApply([EditedMigration])
    /// Pending files contain statements that can lose data, and `allowDestructive` was not set.
    case destructive([DestructiveStatement])
    /// A statement failed; the whole apply was rolled back.
    case statementFailed(StatementFailure)
    /// The database failed outside any migration statement (connecting, locking, history).
    case database(action: String, message: String, state: SQLState?, hint: String?)
    /// The connection broke while COMMIT was on its way: the files may or may not be applied.
    case commitOutcomeUnknown(String)
    /// The apply stopped (the error given) after some of its transactions had committed; the
    /// outcome says what stays committed and what did not commit.
    indirect case stoppedAfterCommits(MigrationError, ApplyOutcome)
    /// A name in the migrations folder is not UTF-8 (its bytes as the file system holds them): rls
    /// cannot tell whether it is a migration, so it refuses the folder instead of skipping the file.
    case fileNameNotUTF8([UInt8], directory: String)
    /// An entry named like a migration is a symbolic link: rls reads only regular files and follows no link.
    case symbolicLink(String)
    /// An entry named like a migration is not a regular file; `kind` says what it is ("a folder").
    case notRegularFile(String, kind: String)
}
