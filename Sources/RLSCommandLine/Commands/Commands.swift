/// Every `rls` subcommand, in the order `rls --help` lists them.
enum Commands {
    static let all: [Command] = [
        PlanCommand.command,
        DiffCommand.command,
        PullCommand.command,
        ApplyCommand.command,
        CheckCommand.command,
        DocsCommand.command,
        TypesCommand.command,
        LintCommand.command,
        SQLCommand.command,
        DevCommand.command,
        DoctorCommand.command,
        InitCommand.command,
        HelpCommand.command,
    ]
}
