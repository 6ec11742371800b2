import RLSDatabase

/// Turns any error into the one or two lines a user reads, with the full detail behind `--verbose`.
struct ErrorReport {
    let error: any Error
    let verbose: Bool

    func print(to console: Console, command: String) {
        console.error("rls \(command): \(error)")
        guard let databaseError = error as? DatabaseError, let statement = databaseError.statement else { return }
        if verbose {
            console.error("Statement:\n\(statement)")
        } else {
            console.error("(run with --verbose to see the statement)")
        }
    }
}
