/// `rls plan`: Show pending migrations and drift between the database and the schema (read-only).
enum PlanCommand {
    static let command = Command(
        name: "plan",
        summary: "Show pending migrations and drift between the database and the schema (read-only).",
        usage: "plan [--exit-code] [--format text|json]",
        discussion: """
            Connects read-only and lists the migration files not yet applied, then any drift between the database and the compiled-in schema.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "plan", issue: 4) }
    )
}
