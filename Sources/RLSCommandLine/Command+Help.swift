/// Usage lines and `--help` text, generated from the declared arguments.
extension Command {
    /// `rls apply [--dry-run] … [--migrations DIR]`, wrapped at `width` columns, continuation lines
    /// indented under the first argument. `column` is where the line starts (after `Usage: `).
    func usage(program: String, column: Int = "Usage: ".count, width: Int = 100) -> String {
        let head = "\(program) \(name)"
        let words = subcommands.isEmpty ? positionalsFirst.map(\.usage) : ["<\(subcommandWords)>", "[options]"]
        let indent = String(repeating: " ", count: column + head.count + 1)
        var lines: [String] = []
        var line = head
        var lineHasWord = false
        for word in words {
            let start = lines.isEmpty ? column : 0
            if lineHasWord, start + line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Operands first (`diff NAME [--from-database] …`), then options in declaration order.
    var positionalsFirst: [ArgumentSpec] { arguments.filter(\.isPositional) + arguments.filter { !$0.isPositional } }

    /// The full `--help` text, for the executable called `program`.
    func help(program: String) -> String {
        var lines = ["\(program) \(name): \(summary)", "", "Usage: \(usage(program: program))", ""]
        if !discussion.isEmpty { lines += [discussion, ""] }
        if !subcommands.isEmpty {
            let width = subcommands.map(\.word.count).max() ?? 0
            lines += ["Subcommands:"]
            lines += subcommands.map { "  " + $0.word + String(repeating: " ", count: width + 2 - $0.word.count) + $0.summary }
            lines += [""]
        }
        let operands = arguments.filter(\.isPositional)
        if !operands.isEmpty { lines += ["Arguments:"] + ArgumentSpec.helpTable(operands) + [""] }
        let options = arguments.filter { !$0.isPositional } + GlobalOptions.arguments.map(\.spec)
        lines += ["Options:"] + ArgumentSpec.helpTable(options)
        if !subcommands.isEmpty {
            lines += ["", "See '\(program) \(name) <subcommand> --help' for a subcommand's options."]
        }
        return lines.joined(separator: "\n")
    }
}
