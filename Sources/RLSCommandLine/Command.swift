import RLSModel

/// One `rls` subcommand: its help text, its options and the library call it makes.
///
/// Subcommands stay thin: each parses its options and calls one entry point of the layers below.
struct Command: Sendable {
    let name: String
    let summary: String
    /// The synopsis after `rls `, such as `plan [--exit-code] [--format text|json]`.
    let usage: String
    /// A paragraph or two for `--help`: what it does and what it never does.
    let discussion: String
    let options: [OptionSpec]
    /// How many operands (arguments that are not options) the command takes, such as `diff`'s NAME.
    var operands = 0
    let run: @Sendable (Invocation) throws -> ExitCode

    /// The full `--help` text, for the executable called `program`.
    func help(program: String) -> String {
        var lines = ["\(program) \(name): \(summary)", "", "Usage: \(program) \(usage)", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        lines += ["Options:"] + OptionSpec.helpTable(options + OptionSpec.global)
        return lines.joined(separator: "\n")
    }
}

/// Everything a running command may use: its arguments, the compiled-in schema, the console and the environment.
struct Invocation: Sendable {
    let arguments: ParsedArguments
    let schema: Schema
    /// Scenario checks compiled in next to the schema, run by `rls check`.
    var scenarios: [Scenario] = []
    let console: Console
    let environment: [String: String]
    /// The project directory: where a running `rls dev` cluster is looked for (`.rls/`).
    let directory: String
    /// The executable's name as the user typed it (`rls`), for hints such as `Run 'rls docs'`.
    var program = "rls"

    var verbose: Bool { arguments.flag("verbose") }

}

extension OptionSpec {
    /// Two aligned columns: synopsis and help.
    static func helpTable(_ options: [OptionSpec]) -> [String] {
        let width = options.map(\.synopsis.count).max() ?? 0
        return options.map { option in
            "  " + option.synopsis + String(repeating: " ", count: width + 2 - option.synopsis.count) + option.help
        }
    }
}
