/// `rls check`: Prove the access plans by impersonating anon, two users and service_role.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Prove the access plans by impersonating anon, two users and service_role.",
        usage: "check [--format text|tap|json] [--junit FILE]",
        discussion: """
            Runs SELECT/INSERT/UPDATE/DELETE probes as each persona inside transactions that are always rolled back, and compares them with the declared access plans.
            """,
        options: [],
        run: { _ in throw NotBuiltYet(command: "check", issue: 5) }
    )
}
