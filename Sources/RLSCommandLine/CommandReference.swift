/// `Docs/COMMANDS.md`: every command's usage, description and options, generated from the same
/// declarations as `--help`, so the reference cannot drift from the command line.
///
/// A test compares the committed file with ``markdown(program:)`` and re-records it with
/// `RLS_RECORD_SNAPSHOTS=1`.
enum CommandReference {
    static func markdown(program: String = "rls") -> String {
        var lines = [
            "# Commands",
            "",
            "<!-- Generated from the command declarations in Sources/RLSCommandLine by CommandReference.markdown(); "
                + "do not edit. Regenerate: RLS_RECORD_SNAPSHOTS=1 swift test --filter CommandReference -->",
            "",
            "Every `\(program)` command with its options, as `\(program) help COMMAND` prints them. In your own package "
                + "the executable is the one your `main.swift` builds (`swift run \(program) plan`); exit codes are in "
                + "[EXIT-CODES.md](EXIT-CODES.md).",
            "",
            "| Command | What it does |",
            "| --- | --- |",
        ]
        for command in Commands.all {
            lines.append("| [`\(program) \(command.name)`](#\(anchor(program, command))) | \(cell(command.summary)) |")
        }
        lines += ["", "## Options of every command", ""]
        lines += table(GlobalOptions.arguments.map(\.spec), heading: "Option")
        for command in Commands.all {
            lines += section(command, program: program, level: "##")
            for subcommand in command.subcommands { lines += section(subcommand, program: program, level: "###") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func section(_ command: Command, program: String, level: String) -> [String] {
        var lines = [
            "", "\(level) \(program) \(command.name)", "", prose(command.summary), "", "```", command.usage(program: program, column: 0),
            "```",
        ]
        for paragraph in paragraphs(command.discussion) { lines += ["", paragraph] }
        if !command.subcommands.isEmpty {
            lines += ["", "| Subcommand | What it does |", "| --- | --- |"]
            lines += command.subcommands.map { "| [`\($0.word)`](#\(anchor(program, $0))) | \(cell($0.summary)) |" }
        }
        let operands = command.arguments.filter(\.isPositional)
        if !operands.isEmpty { lines += [""] + table(operands, heading: "Argument") }
        let options = command.arguments.filter { !$0.isPositional }
        if !options.isEmpty { lines += [""] + table(options, heading: "Option") }
        return lines
    }

    private static func table(_ specs: [ArgumentSpec], heading: String) -> [String] {
        ["| \(heading) | |", "| --- | --- |"]
            + specs.map { "| `\($0.synopsis.replacingOccurrences(of: "|", with: "\\|"))` | \(cell($0.help)) |" }
    }

    /// GitHub's anchor for a heading `rls dev start`.
    private static func anchor(_ program: String, _ command: Command) -> String {
        "\(program) \(command.name)".lowercased().replacingOccurrences(of: " ", with: "-")
    }

    /// The discussion's paragraphs; one whose lines are all indented is a command to type, shown as code.
    private static func paragraphs(_ text: String) -> [String] {
        text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { paragraph in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            // One line per paragraph: a wrapped line that starts with "- " would otherwise read as a list.
            guard lines.allSatisfy({ $0.hasPrefix("  ") }) else { return prose(lines.joined(separator: " ")) }
            return (["```sh"] + lines.map { String($0.dropFirst(2)) } + ["```"]).joined(separator: "\n")
        }
    }

    /// Text outside code spans with `<`, `*` and `|` escaped, so Markdown shows it as written.
    private static func prose(_ text: String) -> String {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().map { index, part in
            guard index.isMultiple(of: 2) else { return String(part) }
            return part.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "*", with: "\\*")
        }.joined(separator: "`")
    }

    private static func cell(_ text: String) -> String {
        prose(text).replacingOccurrences(of: "|", with: "\\|")
    }
}
