import Foundation
import RLSDatabase
import RLSModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `rls` command line, run with a schema compiled into the caller's executable.
///
/// A project adopts `rls` with a three-line `main.swift`:
/// ```swift
/// import Policies
/// import RLSCommandLine
/// RLSCommandLine.run(schema: MyApp.schema)
/// ```
public enum RLSCommandLine {
    /// The version `rls --version` prints.
    public static let version = "0.1.0"

    /// Runs the command line with the process's arguments and exits with its exit code;
    /// `scenarios` are the scenario checks `rls check` runs besides its generated matrix.
    public static func run(schema: Schema, scenarios: [Scenario] = []) -> Never {
        let code = execute(
            Array(CommandLine.arguments.dropFirst()), schema: schema, scenarios: scenarios,
            program: programName(CommandLine.arguments.first))
        EmbeddedCluster.waitIfStoppingOnSignal()
        exit(code.rawValue)
    }

    /// Runs one command line (without the program name) and returns its exit code.
    static func execute(
        _ arguments: [String], schema: Schema, scenarios: [Scenario] = [], console: Console = .standard,
        environment: [String: String] = ProcessEnvironment.current, directory: String? = nil, program: String = "rls"
    ) -> ExitCode {
        let session = Session(
            schema: schema, scenarios: scenarios, console: console.redactingSecrets(), environment: environment,
            directory: directory ?? FileManager.default.currentDirectoryPath, program: program
        )
        return dispatch(arguments, among: Commands.all, parent: nil, session: session)
    }

    /// Finds the command (and subcommand) named in `arguments` and invokes it with the rest.
    static func dispatch(_ arguments: [String], among commands: [Command], parent: Command?, session: Session) -> ExitCode {
        guard let nameIndex = commandNameIndex(in: arguments) else {
            guard let parent else { return topLevel(arguments, session: session) }
            return parent.invoke(parent, arguments, session)
        }
        let word = arguments[nameIndex]
        guard let command = commands.first(where: { $0.word == word }) else {
            let program = session.program
            let prefix = parent.map { "\(program) \($0.name)" } ?? program
            let kind = parent == nil ? "command" : "subcommand"
            let suggestion = closest(to: word, among: commands.map(\.word)).map { " Did you mean '\(prefix) \($0)'?" } ?? ""
            session.console.error("\(prefix): unknown \(kind) \(quotedArgument(word)).\(suggestion) See '\(prefix) --help'.")
            return .usage
        }
        var rest = arguments
        rest.remove(at: nameIndex)
        if !command.subcommands.isEmpty { return dispatch(rest, among: command.subcommands, parent: command, session: session) }
        if parent != nil, let misplaced = misplacedOption(in: rest, for: command, among: commands, program: session.program) {
            return command.usageError(misplaced, session: session)
        }
        return command.invoke(command, rest, session)
    }

    /// `rls dev start --remove-data`: an option of a sibling subcommand, named as such rather than as unknown.
    private static func misplacedOption(
        in arguments: [String], for command: Command, among siblings: [Command], program: String
    ) -> UsageError? {
        let known = Set((command.arguments + GlobalOptions.arguments.map(\.spec)).map(\.name))
        for argument in arguments.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") {
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            guard !known.contains(name) else { continue }
            let owners = siblings.filter { $0.word != command.word && $0.arguments.contains { $0.name == name && !$0.isPositional } }
            guard let owner = owners.first else { continue }
            return UsageError("unknown option '--\(name)'; it goes with '\(program) \(owner.name)', not with '\(program) \(command.name)'")
        }
        return nil
    }

    /// The name the user typed for this executable (`rls`, `rls-example`), without its folder:
    /// help and usage lines speak of the adopter's executable, not of this package's.
    static func programName(_ argument0: String?) -> String {
        let name = argument0?.split(separator: "/").last.map(String.init) ?? ""
        return name.isEmpty ? "rls" : name
    }

    /// The first argument that is neither an option nor the value of a global option given before
    /// the command (`rls --database-url URL plan` names `plan`, not the URL).
    static func commandNameIndex(in arguments: [String]) -> Int? {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" { return index + 1 < arguments.count ? index + 1 : nil }
            guard argument.hasPrefix("-") else { return index }
            let name = argument.drop { $0 == "-" }
            if !name.contains("="), GlobalOptions.arguments.contains(where: { $0.spec.takesValue && $0.spec.name == name }) {
                index += 1
            }
            index += 1
        }
        return nil
    }

    private static func topLevel(_ arguments: [String], session: Session) -> ExitCode {
        let (console, program) = (session.console, session.program)
        var global = GlobalOptions()
        do {
            _ = try ArgumentParser(arguments: GlobalOptions.arguments).parse(arguments, into: &global)
        } catch {
            console.error("\(program): \(error.message)")
            console.error("See '\(program) --help'.")
            return .usage
        }
        if global.version {
            console.output("\(program) \(version)")
            return .success
        }
        if global.help {
            console.output(TopLevelHelp.text(program: program))
            return .success
        }
        console.error(TopLevelHelp.text(program: program))
        return .usage
    }
}
