import Testing

@testable import RLSCommandLine

/// Usage, `--help`, `rls help` and `--version`, all from the declarations.
@Suite("Command declarations")
struct CommandDeclarationTests {
    @Test func usageLinesListEveryDeclaredOption() {
        for command in Commands.all + Commands.all.flatMap(\.subcommands) where command.subcommands.isEmpty {
            let usage = command.usage(program: "rls", width: 10_000)
            for argument in command.arguments {
                #expect(usage.contains(argument.usage), "\(command.name): \(argument.usage)")
            }
        }
        // Typed by hand, this line once lacked --statement-timeout.
        let apply = Commands.all.first { $0.name == "apply" }
        #expect(apply?.usage(program: "rls").contains("[--statement-timeout DURATION]") == true)
    }

    @Test func helpCommandPrintsTheCommandsHelp() {
        for command in Commands.all {
            let viaHelp = runRLS(["help", command.name])
            #expect(viaHelp.code == .success)
            #expect(viaHelp.output == runRLS([command.name, "--help"]).output, "\(command.name)")
        }
        let start = runRLS(["help", "dev", "start"])
        #expect(start.output.hasPrefix("rls dev start: "))
        #expect(start.output.contains("--legacy-grants"))
        #expect(runRLS(["help"]).output == runRLS(["--help"]).output)
        let unknown = runRLS(["help", "chek"])
        #expect(unknown.code == .usage)
        #expect(unknown.error.contains("did you mean 'rls check'?"), "\(unknown.error)")
    }

    /// `--help` wraps every discussion at 100 columns, whatever the source's own line breaks, and
    /// keeps every word; commands to type keep their own lines.
    @Test func helpWrapsTheDiscussionAtOneHundredColumns() {
        for command in Commands.all + Commands.all.flatMap(\.subcommands) {
            let help = command.help(program: "rls")
            for paragraph in command.discussionParagraphs {
                switch paragraph {
                case .prose(let text):
                    let lines = Command.wrap(text, width: 100)
                    #expect(lines.allSatisfy { $0.count <= 100 || !$0.contains(" ") }, "\(command.name): \(lines)")
                    #expect(lines.joined(separator: " ") == text.split(separator: " ").joined(separator: " "), "\(command.name)")
                    #expect(help.contains(lines.joined(separator: "\n")), "\(command.name)")
                case .commands(let commands):
                    #expect(help.contains(commands.map { "  " + $0 }.joined(separator: "\n")), "\(command.name)")
                }
            }
        }
        #expect(Command.wrap("aaa bbb ccc", width: 7) == ["aaa bbb", "ccc"])
        #expect(Command.wrap("a-very-long-word b", width: 4) == ["a-very-long-word", "b"])
    }

    @Test func versionWorksAnywhere() {
        for arguments in [
            ["--version"], ["plan", "--version"], ["dev", "--version"], ["dev", "stop", "--version"], ["--version", "sql"],
        ] {
            let result = runRLS(arguments)
            #expect(result.code == .success, "\(arguments)")
            #expect(result.output == "rls \(RLSCommandLine.version)\n", "\(arguments)")
        }
    }

    @Test func devSubcommandsTakeOnlyTheirOwnOptions() {
        let refused = runRLS(["dev", "start", "--remove-data"])
        #expect(refused.code == .usage)
        #expect(
            refused.error.contains("unknown option '--remove-data'; it goes with 'rls dev stop', not with 'rls dev start'"),
            "\(refused.error)")
        #expect(refused.error.contains("Usage: rls dev start [--legacy-grants]"), "\(refused.error)")
        let status = runRLS(["dev", "status", "--show-password"])
        #expect(status.code == .usage)
        #expect(status.error.contains("it goes with 'rls dev url'"), "\(status.error)")
        // Top-level commands keep the plain message with a suggestion.
        #expect(runRLS(["sql", "--migrations", "M"]).error.contains("unknown option '--migrations'\n"))
        let stopHelp = runRLS(["dev", "stop", "--help"])
        #expect(stopHelp.output.contains("--remove-data"))
        #expect(!stopHelp.output.contains("--legacy-grants"))
        let bare = runRLS(["dev"])
        #expect(bare.code == .usage)
        #expect(bare.error.contains("say what to do: rls dev start|stop|status|url"), "\(bare.error)")
        let typo = runRLS(["dev", "strat"])
        #expect(typo.code == .usage)
        #expect(typo.error.contains("Did you mean 'rls dev start'?"), "\(typo.error)")
    }

    @Test func badValuesShowTheUsageLine() {
        let result = runRLS(["apply", "--statement-timeout", "forever"])
        #expect(result.code == .usage)
        #expect(result.error.contains("--statement-timeout takes a duration"), "\(result.error)")
        #expect(result.error.contains("Usage: rls apply [--dry-run]"), "\(result.error)")
        let missing = runRLS(["docs", "--docs"])
        #expect(missing.code == .usage)
        #expect(missing.error.contains("option '--docs' needs a value: --docs DIR"), "\(missing.error)")
    }
}
