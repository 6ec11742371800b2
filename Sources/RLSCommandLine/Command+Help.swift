import Foundation

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
        for paragraph in discussionParagraphs {
            switch paragraph {
            case .prose(let text): lines += Self.wrap(text, width: 100)
            case .commands(let commands): lines += commands.map { "  " + $0 }
            }
            lines.append("")
        }
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

    /// A paragraph of a command's discussion.
    enum DiscussionParagraph: Equatable {
        /// Prose, its lines joined: `--help` wraps it to the terminal's usual width, COMMANDS.md to none.
        case prose(String)
        /// A paragraph whose lines are all indented by two spaces: commands to type, one per line.
        case commands([String])
    }

    /// The discussion's paragraphs (separated by an empty line), however its source is wrapped.
    var discussionParagraphs: [DiscussionParagraph] {
        discussion.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map { paragraph in
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.allSatisfy({ $0.hasPrefix("  ") }) else {
                return .prose(lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
            }
            return .commands(lines.map { String($0.dropFirst(2)) })
        }
    }

    /// `text` in lines of at most `width` columns, broken between words (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
