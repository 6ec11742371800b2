extension StatementFailure {
    /// The failure of `statement` in `file`, from the server's error; `line` is where the server
    /// pointed, or where the statement starts.
    init(file: MigrationFile, statement: SQLStatement, line: Int, error: DatabaseError) {
        self.init(
            fileName: file.fileName, path: file.path, line: line, statement: statement.text, sqlState: error.sqlState,
            message: error.message, detail: error.detail, hint: error.hint ?? Self.hint(for: error.sqlState))
    }

    /// Our hint for failures that come from how rls applies, when the server gives none.
    static func hint(for sqlState: String?) -> String? {
        switch sqlState {
        case "25001":
            return "rls applies all pending files in one transaction; this statement cannot run in one "
                + "(for example CREATE INDEX CONCURRENTLY). Use its plain form."
        case "55P03":
            return "Another session held a lock on this object longer than the lock timeout; the apply gave up "
                + "rather than stall the application. Try again, or raise --lock-timeout."
        case "57014":
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
            return .database(action: action, message: "\(error)", sqlState: nil, hint: nil)
        }
        return .database(
            action: action, message: error.message, sqlState: error.sqlState,
            hint: error.hint ?? StatementFailure.hint(for: error.sqlState))
    }
}
