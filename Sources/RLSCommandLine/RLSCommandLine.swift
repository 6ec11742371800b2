#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RLSDatabase
import RLSModel

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
        let console = console.redactingSecrets()
        let commands = Commands.all
        guard let nameIndex = commandNameIndex(in: arguments) else {
            return topLevel(arguments, console: console, program: program)
        }
        let name = arguments[nameIndex]
        guard let command = commands.first(where: { $0.name == name }) else {
            let suggestion = closest(to: name, among: commands.map(\.name)).map { " Did you mean '\(program) \($0)'?" } ?? ""
            console.error("\(program): unknown command \(quotedArgument(name)).\(suggestion) See '\(program) --help'.")
            return .usage
        }
        var rest = arguments
        rest.remove(at: nameIndex)
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser(options: command.options + OptionSpec.global).parse(rest)
        } catch {
            console.error("\(program) \(command.name): \(error.message)")
            console.error("Usage: \(program) \(command.usage)")
            console.error("See '\(program) \(command.name) --help'.")
            return .usage
        }
        if parsed.flag("help") {
            console.output(command.help(program: program))
            return .success
        }
        if parsed.positionals.count > command.operands {
            let extra = parsed.positionals.dropFirst(command.operands).map(quotedArgument).joined(separator: " ")
            console.error("\(program) \(command.name): unexpected argument \(extra)")
            console.error("Usage: \(program) \(command.usage)")
            return .usage
        }
        let invocation = Invocation(
            arguments: parsed, schema: schema, scenarios: scenarios, console: console, environment: environment,
            directory: directory ?? FileManager.default.currentDirectoryPath, program: program
        )
        do {
            return try command.run(invocation)
        } catch let error as UsageError {
            console.error("\(program) \(command.name): \(error.message)")
            console.error("See '\(program) \(command.name) --help'.")
            return .usage
        } catch {
            ErrorReport(error: error, verbose: invocation.verbose).print(to: console, command: "\(program) \(command.name)")
            return .failure
        }
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
            if !name.contains("="), OptionSpec.global.contains(where: { $0.takesValue && $0.name == name }) { index += 1 }
            index += 1
        }
        return nil
    }

    private static func topLevel(_ arguments: [String], console: Console, program: String) -> ExitCode {
        let options = OptionSpec.global + [.flag("version", help: "Print the version of rls.")]
        do {
            let parsed = try ArgumentParser(options: options).parse(arguments)
            if parsed.flag("version") {
                console.output("\(program) \(version)")
                return .success
            }
            if parsed.flag("help") {
                console.output(TopLevelHelp.text(program: program))
                return .success
            }
        } catch {
            console.error("\(program): \(error.message)")
            console.error("See '\(program) --help'.")
            return .usage
        }
        console.error(TopLevelHelp.text(program: program))
        return .usage
    }
}
