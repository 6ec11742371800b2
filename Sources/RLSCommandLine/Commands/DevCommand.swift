/// `rls dev`: Start, stop or locate a persistent local Supabase-shaped database under .rls/.
enum DevCommand {
    static let command = Command(
        name: "dev",
        summary: "Start, stop or locate a persistent local Supabase-shaped database under .rls/.",
        usage: "dev start|stop|status|url",
        discussion: """
            Keeps one local cluster under .rls/ for repeated work; other commands use it when it is running and no URL is given.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "dev", issue: 2) }
    )
}
