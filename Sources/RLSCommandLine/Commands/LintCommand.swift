/// `rls lint`: Find what makes row-level security unsafe or slow.
enum LintCommand {
    static let command = Command(
        name: "lint",
        summary: "Find what makes row-level security unsafe or slow.",
        usage: "lint",
        discussion: """
            Lints the schema and, with a database, the live catalog: tables without RLS, RLS without policies, per-row auth.uid(), missing owner indexes and more.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "lint", issue: nil) }
    )
}
