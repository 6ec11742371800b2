/// `rls help [COMMAND [SUBCOMMAND]]`: the same text as `rls COMMAND --help`, or `rls --help` without one.
enum HelpCommand {
    struct Options: CommandOptions {
        var command: String?
        var subcommand: String?

        static let arguments: [Argument<Self>] = [
            .positional("COMMAND", \.command, help: "The command to describe; without one, the list of commands."),
            .positional("SUBCOMMAND", \.subcommand, help: "A subcommand of COMMAND, such as start of dev."),
        ]
    }

    static let command = Command(
        "help",
        summary: "Show the help of a command (rls help plan), or the list of commands.",
        discussion: "Prints what `rls COMMAND --help` prints; `rls help dev start` describes a subcommand.",
        options: Options.self,
        run: { options, invocation in
            let program = invocation.program
            guard let name = options.command else {
                invocation.console.output(TopLevelHelp.text(program: program))
                return .success
            }
            var found = try find(name, among: Commands.all, prefix: program)
            if let subcommand = options.subcommand {
                guard !found.subcommands.isEmpty else {
                    throw UsageError("'\(program) \(found.name)' has no subcommands; see '\(program) help \(found.name)'")
                }
                found = try find(subcommand, among: found.subcommands, prefix: "\(program) \(found.name)")
            }
            invocation.console.output(found.help(program: program))
            return .success
        }
    )

    private static func find(_ word: String, among commands: [Command], prefix: String) throws(UsageError) -> Command {
        if let command = commands.first(where: { $0.word == word }) { return command }
        let suggestion = closest(to: word, among: commands.map(\.word)).map { "; did you mean '\(prefix) \($0)'?" } ?? ""
        throw UsageError("no command \(quotedArgument(word))\(suggestion)")
    }
}
