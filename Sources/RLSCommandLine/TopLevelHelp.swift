/// The text of `rls --help`: the commands, the global options and the exit codes.
enum TopLevelHelp {
    static func text(program: String) -> String {
        let commands = Commands.all
        let width = commands.map(\.name.count).max() ?? 0
        var lines = [
            "rls: Postgres row-level security as Swift code, for Supabase.",
            "",
            "Usage: \(program) <command> [options]",
            "",
            "Commands:",
        ]
        lines += commands.map { "  " + $0.name + String(repeating: " ", count: width + 2 - $0.name.count) + $0.summary }
        lines += ["", "Options:"]
        lines += ArgumentSpec.helpTable(GlobalOptions.arguments.map(\.spec))
        lines += [
            "",
            "Exit codes:",
            "  0   success (for plan --exit-code: nothing to do)",
            "  1   failure (database error, failed check, stale docs)",
            "  2   changes pending (plan --exit-code)",
            "  64  usage error (unknown option, missing value)",
            "",
            "Without --database-url, --database-url-file or DATABASE_URL, commands use a running '\(program) dev' cluster,",
            "else a throwaway Supabase-shaped PostgreSQL started for the command and deleted after it.",
            "",
            "See '\(program) help <command>' or '\(program) <command> --help' for a command's options.",
        ]
        return lines.joined(separator: "\n")
    }
}
