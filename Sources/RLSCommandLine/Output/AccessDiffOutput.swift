import Foundation
import RLSCheck

/// The options `rls plan` and `rls diff` share for the access diff, and how they print it.
enum AccessDiffOutput {
    static let options: [OptionSpec] = [
        .value("access-format", "FORMAT", help: "How to print the access changes: text (default), markdown (a pull-request comment) or json."),
        .value("access-output", "FILE", help: "Write the access changes to FILE instead of standard output."),
        .flag("fail-on-widening", help: "Exit 1 when a caller gains access the schema does not acknowledge (.expectsWidening(\"reason\"))."),
    ]

    enum Format: String { case text, markdown, json }

    /// The format asked for, checked before any database work.
    static func format(_ invocation: Invocation) throws -> Format {
        let value = invocation.arguments.value("access-format") ?? "text"
        guard let format = Format(rawValue: value) else {
            throw UsageError("unknown access format '\(value)'; use one of: text, markdown, json")
        }
        return format
    }

    /// Prints (or writes) the diff; returns failure when `--fail-on-widening` finds an unacknowledged gain.
    static func emit(_ diff: AccessDiff, _ invocation: Invocation) throws -> ExitCode {
        let text: String
        switch try format(invocation) {
        case .text: text = diff.text + "\n"
        case .markdown: text = diff.markdown
        case .json: text = diff.json
        }
        if let path = invocation.arguments.value("access-output") {
            let url = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: invocation.directory, isDirectory: true))
            do {
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                throw CommandError("could not write the access changes to \(path). Check that its folder exists and is writable.")
            }
            invocation.console.error("Wrote the access changes to \(path).")
        } else {
            invocation.console.writeOutput(text)
        }
        let widenings = diff.unacknowledgedWidenings
        guard invocation.arguments.flag("fail-on-widening"), !widenings.isEmpty else { return .success }
        invocation.console.error(
            "\(widenings.count) access gain\(widenings.count == 1 ? "" : "s") not acknowledged (--fail-on-widening). "
                + "If intended, add .expectsWidening(\"reason\") to the table in the schema.")
        return .failure
    }
}
