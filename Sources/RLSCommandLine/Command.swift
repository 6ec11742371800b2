import RLSModel

/// One `rls` subcommand: its help text, its declared arguments and the library call it makes.
///
/// Subcommands stay thin: each parses its options (a ``CommandOptions`` struct) and calls one entry
/// point of the layers below. Usage lines, `--help` and `Docs/COMMANDS.md` come from the declarations.
struct Command: Sendable {
    /// The words after the program's name: `plan`, or `dev start` for a subcommand.
    let name: String
    let summary: String
    /// A paragraph or two for `--help`: what it does and what it never does.
    let discussion: String
    /// The command's own options and operands, as declared (the global ones are not among them).
    let arguments: [ArgumentSpec]
    /// `rls dev start|stop|status|url`: a command with subcommands runs one of them, never itself.
    var subcommands: [Command] = []
    /// Parses the arguments after the command's name and runs it.
    let invoke: @Sendable (Command, [String], Session) -> ExitCode

    /// A command whose options are the struct `Options`, running `run` with them.
    init<Options: CommandOptions>(
        _ name: String, summary: String, discussion: String, options: Options.Type,
        run: @escaping @Sendable (Options, Invocation) throws -> ExitCode
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        arguments = Options.arguments.map(\.spec)
        invoke = { command, tokens, session in command.execute(tokens, session: session, run: run) }
    }

    /// A command made of `subcommands`, each named `name subcommand`.
    init(_ name: String, summary: String, discussion: String, subcommands: [Command]) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        arguments = []
        self.subcommands = subcommands
        invoke = { command, tokens, session in
            command.execute(tokens, session: session) { (_: NoOptions, invocation: Invocation) -> ExitCode in
                throw UsageError("say what to do: \(invocation.program) \(command.name) \(command.subcommandWords)")
            }
        }
    }

    /// The last word of the name, the one typed to choose it: `start` of `dev start`.
    var word: String { String(name.split(separator: " ").last ?? "") }

    var subcommandWords: String { subcommands.map(\.word).joined(separator: "|") }

    /// Parses `tokens` (the global options among them), answers `--help` and `--version`, reports
    /// usage errors with the usage line, and otherwise runs `run`.
    private func execute<Options: CommandOptions>(
        _ tokens: [String], session: Session, run: (Options, Invocation) throws -> ExitCode
    ) -> ExitCode {
        let program = session.program
        var parsed = ParsedCommandLine<Options>()
        let leftovers: ArgumentParser<ParsedCommandLine<Options>>.Leftovers
        do {
            leftovers = try ArgumentParser(arguments: ParsedCommandLine<Options>.arguments).parse(tokens, into: &parsed)
        } catch {
            return usageError(error, session: session)
        }
        if parsed.global.version {
            session.console.output("\(program) \(RLSCommandLine.version)")
            return .success
        }
        if parsed.global.help {
            session.console.output(help(program: program))
            return .success
        }
        if !leftovers.unexpected.isEmpty {
            let extra = leftovers.unexpected.map(quotedArgument).joined(separator: " ")
            return usageError(UsageError("unexpected argument \(extra)"), session: session)
        }
        if let missing = leftovers.missing.first?.missing {
            return usageError(UsageError(missing(program)), session: session)
        }
        let invocation = Invocation(global: parsed.global, session: session)
        do {
            return try run(parsed.options, invocation)
        } catch let error as UsageError {
            return usageError(error, session: session)
        } catch {
            ErrorReport(error: error, verbose: invocation.verbose).print(to: session.console, command: "\(program) \(name)")
            return .failure
        }
    }

    /// The message, the usage line and where to read more; exits with ``ExitCode/usage``.
    func usageError(_ error: UsageError, session: Session) -> ExitCode {
        let program = session.program
        session.console.error("\(program) \(name): \(error.message)")
        session.console.error("Usage: \(usage(program: program))")
        session.console.error("See '\(program) \(name) --help'.")
        return .usage
    }
}

/// What a command runs with besides its options: the compiled-in schema, the console, the environment.
struct Session: Sendable {
    let schema: Schema
    /// Scenario checks compiled in next to the schema, run by `rls check`.
    var scenarios: [Scenario] = []
    let console: Console
    let environment: [String: String]
    /// The project directory: where a running `rls dev` cluster is looked for (`.rls/`).
    let directory: String
    /// The executable's name as the user typed it (`rls`), for hints such as `Run 'rls docs'`.
    var program = "rls"
}

/// Everything a running command may use besides its own options: the global options and the session.
@dynamicMemberLookup
struct Invocation: Sendable {
    let global: GlobalOptions
    let session: Session

    subscript<Value>(dynamicMember path: KeyPath<Session, Value>) -> Value { session[keyPath: path] }

    var verbose: Bool { global.verbose }
}
