import RLSDatabase
import RLSModel

extension ApplyCommand {
    /// `--dry-run`'s proof: the pending files run on the target inside a transaction that is rolled back.
    /// A file that creates what the database already holds gets the way out named.
    static func rehearse(_ files: [MigrationFile], on connection: Connection, options: ApplyOptions, console: Console) throws {
        do {
            try connection.rehearseMigrations(files, options: options)
            console.output("Rehearsed on the database in a transaction that was rolled back: the files apply cleanly.")
        } catch MigrationError.statementFailed(let failure) where failure.state.map(alreadyExists.contains) == true {
            console.error(
                """
                \(failure.fileName) creates what the database already holds. If the database already holds the whole \
                file (such as the baseline `rls pull` wrote), record it without running it: \
                rls apply --mark-applied \(failure.fileName.prefix(14)).
                """)
            throw MigrationError.statementFailed(failure)
        }
    }

    /// duplicate_table, duplicate_object, duplicate_function, duplicate_schema.
    private static let alreadyExists: Set<SQLState> = [.duplicateTable, .duplicateObject, .duplicateFunction, .duplicateSchema]
}
