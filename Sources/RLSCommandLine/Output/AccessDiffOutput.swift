import Foundation
import RLSCheck

/// The options `rls plan` and `rls diff` share for the access diff, and how they print it.
struct AccessDiffOutput: CommandOptions {
    enum Format: String, ArgumentChoice {
        case text, markdown, json

        static var noun: String { "access format" }
    }

    var format: Format?
    var output: String?
    var failOnWidening = false

    static let arguments: [Argument<Self>] = [
        .value(
            "access-format", \.format, help: "How to print the access changes: text (default), markdown (a pull-request comment) or json."),
        .value("access-output", "FILE", \.output, help: "Write the access changes to FILE instead of standard output."),
        .flag(
            "fail-on-widening", \.failOnWidening,
            help: "Exit 1 when a caller gains access the schema does not acknowledge (.expectsWidening(\"reason\"))."),
    ]

    /// Whether any of these options was given (each implies `rls plan --access`).
    var isRequested: Bool { format != nil || output != nil || failOnWidening }

    /// Prints (or writes) the diff; returns failure when `--fail-on-widening` finds an unacknowledged gain.
    func emit(_ diff: AccessDiff, _ invocation: Invocation) throws -> ExitCode {
        let text: String
        switch format ?? .text {
        case .text: text = diff.text.linesEscapedForDisplay + "\n"
        case .markdown: text = diff.markdown
        case .json: text = diff.json
        }
        if let path = output {
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
        guard failOnWidening, !widenings.isEmpty else { return .success }
        invocation.console.error(
            "\(widenings.count) access gain\(widenings.count == 1 ? "" : "s") not acknowledged (--fail-on-widening). "
                + "If intended, add .expectsWidening(\"reason\") to the table in the schema"
                + (widenings.contains { !$0.columns.isEmpty }
                    ? "; to keep writes to the columns you name, add .updatable(only: ...) or .insertable(only: ...)." : "."))
        return .failure
    }
}
