/// `rls sql`: Print the complete from-scratch SQL for the schema.
enum SQLCommand {
    static let command = Command(
        name: "sql",
        summary: "Print the complete from-scratch SQL for the schema.",
        usage: "sql [--output FILE]",
        discussion: """
            Prints the SQL the compiled-in schema compiles to, ready to apply in one transaction to an empty Supabase database.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "sql", issue: 3) }
    )
}
