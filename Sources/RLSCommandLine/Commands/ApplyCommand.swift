/// `rls apply`: Apply pending migration files, all or nothing, and record them.
enum ApplyCommand {
    static let command = Command(
        name: "apply",
        summary: "Apply pending migration files, all or nothing, and record them.",
        usage: "apply [--dry-run] [--yes] [--allow-destructive]",
        discussion: """
            Applies pending files from Migrations/ in one transaction under an advisory lock and records them in supabase_migrations.schema_migrations.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "apply", issue: 4) }
    )
}
