import Foundation
import RLSSQL

/// `rls sql`: the complete from-scratch SQL of the compiled-in schema.
enum SQLCommand {
    struct Options: CommandOptions {
        var output: String?

        static let arguments: [Argument<Self>] = [
            .value("output", "FILE", short: "o", \.output, help: "Write the SQL to FILE instead of standard output.")
        ]
    }

    static let command = Command(
        "sql",
        summary: "Print the complete from-scratch SQL for the schema.",
        discussion: """
            Validates the compiled-in schema, then prints the SQL it compiles to: tables, grants, row-level
            security policies, indexes, functions and triggers, ordered by dependency and grouped per table.
            It applies in one transaction to an empty Supabase database as the non-superuser postgres role
            (psql -1 -f). The same schema always gives the same bytes. No database is needed.
            """,
        options: Options.self,
        run: { options, invocation in
            let sql = try renderValidated(invocation.schema)
            if let path = options.output {
                do {
                    try sql.write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    throw CommandError(
                        "could not write \(path): \(error.localizedDescription). Check that its folder exists and is writable.")
                }
                invocation.console.error("Wrote \(path) (\(sql.utf8.count) bytes).")
            } else {
                invocation.console.writeOutput(sql)
            }
            return .success
        }
    )
}
