/// `rls docs`: Generate Docs/ACCESS.md: who can see what, proven by rls check.
enum DocsCommand {
    static let command = Command(
        name: "docs",
        summary: "Generate Docs/ACCESS.md: who can see what, proven by rls check.",
        usage: "docs [--check]",
        discussion: """
            Writes the access pages for the compiled-in schema; --check fails when the committed pages are stale.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "docs", issue: 6) }
    )
}
