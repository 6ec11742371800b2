/// `rls diff`: Write a new migration that takes Migrations/ to the schema.
enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Write a new migration that takes Migrations/ to the schema.",
        usage: "diff NAME [--migrations DIR]",
        discussion: """
            Replays Migrations/ on a throwaway local database and writes the SQL that takes it to the compiled-in schema into Migrations/<timestamp>_NAME.sql.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "diff", issue: 4) }
    )
}
