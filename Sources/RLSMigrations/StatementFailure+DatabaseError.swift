import RLSModel
import RLSPostgres

extension StatementFailure {
    /// The failure of `statement` in `file`, from the server's error; `line` is where the server
    /// pointed, or where the statement starts.
    init(file: MigrationFile, statement: SQLStatement, line: Int, error: DatabaseError) {
        self.init(
            fileName: file.fileName, path: file.path, line: line, statement: statement.text, state: error.state,
            message: error.message, detail: error.detail,
            hint: Self.hint(for: error))
    }

    /// The server found two commands in what rls read as one statement: rls and the server split
    /// the file differently, and the server refused rather than run something rls did not check.
    static let multipleCommandsHint =
        "rls read this as one statement but the server found several commands in it, so it ran none of them. "
        + "End each statement with `;` outside strings, quoted names and function bodies; if the file is right, report it."

    /// A `DELETE` on `storage.objects` or `storage.buckets` met the storage service's guard
    /// (`storage.protect_delete()`, 42501).
    static let storageDeleteGuardHint =
        "Supabase Storage refuses deletes in SQL: a file's row deleted here leaves its stored file behind. "
        + "Remove files and buckets through the Storage API or the dashboard (empty a bucket, then delete it); "
        + "a migration that must delete rows anyway runs `select set_config('storage.allow_delete_query', 'true', true);` first, "
        + "and orphans the stored files."

    /// The server's hint, ours where rls knows better (the transaction model) or the server gives none.
    static func hint(for error: DatabaseError) -> String? {
        if error.state == .unsafeNewEnumValueUsage { return hint(for: error.state) }
        if error.message.contains("multiple commands") { return multipleCommandsHint }
        if error.state == .insufficientPrivilege, error.message.hasPrefix("Direct deletion from storage tables is not allowed") {
            return storageDeleteGuardHint
        }
        return error.hint ?? hint(for: error.state)
    }

    /// Our hint for failures that come from how rls applies, when the server gives none.
    static func hint(for state: SQLState?) -> String? {
        switch state {
        case .activeSQLTransaction?:
            return "rls applies all pending files in one transaction; this statement cannot run in one "
                + "(for example CREATE INDEX CONCURRENTLY). Use its plain form."
        case .lockNotAvailable?:
            return "Another session held a lock on this object longer than the lock timeout; the apply gave up "
                + "rather than stall the application. Try again, or raise --lock-timeout."
        case .unsafeNewEnumValueUsage?:
            return "A new enum value cannot be used in the transaction that adds it. rls adds values to existing "
                + "types in a transaction of their own first, but this type is created in the same file: list the value "
                + "in its CREATE TYPE, or move the ALTER TYPE … ADD VALUE into an earlier file than its first use."
        case .queryCanceled?:
            return "The statement ran longer than the statement timeout; raise --statement-timeout if it needs longer."
        default:
            return nil
        }
    }
}

extension MigrationError {
    /// A database failure outside any migration statement, with our hint when the server gives none.
    static func database(_ action: String, _ error: Error) -> MigrationError {
        guard let error = error as? DatabaseError else {
            return .database(action: action, message: "\(error)", state: nil, hint: nil)
        }
        return .database(
            action: action, message: error.message, state: error.state,
            hint: error.hint ?? StatementFailure.hint(for: error.state))
    }
}
