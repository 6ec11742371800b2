/// `Docs/COMMANDS.md`: every command's usage, description and options, generated from the same
/// declarations as `--help`, so the reference cannot drift from the command line.
///
/// A test compares the committed file with ``markdown(program:)`` and re-records it with
/// `RLS_RECORD_SNAPSHOTS=1`.
enum CommandReference {
    static func markdown(program: String = "rls") -> String {
        var lines =
            [
                "# Commands",
                "",
                "<!-- Generated from the command declarations in Sources/RLSCommandLine by CommandReference.markdown(); "
                    + "do not edit. Regenerate: RLS_RECORD_SNAPSHOTS=1 swift test --filter CommandReference -->",
                "",
                "Every `\(program)` command with its options, as `\(program) help COMMAND` prints them. In your own package "
                    + "the executable is the one your `main.swift` builds (`swift run \(program) plan`); exit codes are in "
                    + "[EXIT-CODES.md](EXIT-CODES.md).",
                "",
            ] + commandTable(program: program)
        lines += ["", "## Options of every command", ""]
        lines += table(GlobalOptions.arguments.map(\.spec), heading: "Option")
        for command in Commands.all {
            lines += section(command, program: program, level: "##")
            for subcommand in command.subcommands { lines += section(subcommand, program: program, level: "###") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Every command and what it does, each linked to its section of `page` (this file when empty):
    /// the top of COMMANDS.md, and README.md's table (``readme(updating:)``).
    static func commandTable(program: String = "rls", linking page: String = "") -> [String] {
        ["| Command | What it does |", "| --- | --- |"]
            + Commands.all.map { "| [`\(program) \($0.name)`](\(page)#\(anchor(program, $0))) | \(cell($0.summary)) |" }
    }

    /// The lines around README.md's generated command table.
    static let readmeMarkers = (
        begin: "<!-- Generated from the command declarations by CommandReference.commandTable(); do not edit. "
            + "Regenerate: RLS_RECORD_SNAPSHOTS=1 swift test --filter CommandReference -->",
        end: "<!-- End of the generated command table -->"
    )

    /// `readme` with the text between ``readmeMarkers`` replaced by the command table; nil when the
    /// markers are missing.
    static func readme(updating readme: String) -> String? {
        guard let begin = readme.range(of: readmeMarkers.begin + "\n"),
            let end = readme.range(of: readmeMarkers.end, range: begin.upperBound..<readme.endIndex)
        else { return nil }
        let table = commandTable(linking: "Docs/COMMANDS.md").joined(separator: "\n") + "\n"
        return String(readme[..<begin.upperBound]) + table + String(readme[end.lowerBound...])
    }

    private static func section(_ command: Command, program: String, level: String) -> [String] {
        var lines = [
            "", "\(level) \(program) \(command.name)", "", prose(command.summary), "", "```", command.usage(program: program, column: 0),
            "```",
        ]
        for paragraph in command.discussionParagraphs {
            switch paragraph {
            // One line per paragraph: a wrapped line that starts with "- " would otherwise read as a list.
            case .prose(let text): lines += ["", prose(text)]
            case .commands(let commands): lines += ["", "```sh"] + commands + ["```"]
            }
        }
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
