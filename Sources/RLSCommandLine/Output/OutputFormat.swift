/// `--format`: how a command prints its result.
enum OutputFormat: String, Sendable, CaseIterable {
    /// For people: aligned, readable in a terminal and in a pull request.
    case text
    /// For machines: one JSON document with stable, sorted keys.
    case json
    /// Test Anything Protocol, version 13, for CI systems.
    case tap

    /// Parses `--format`, defaulting to text, rejecting formats this command does not offer.
    init(_ value: String?, allowed: [OutputFormat]) throws(UsageError) {
        guard let value else {
            self = .text
            return
        }
        guard let format = OutputFormat(rawValue: value), allowed.contains(format) else {
            throw UsageError("unknown format '\(value)'; use one of: \(allowed.map(\.rawValue).joined(separator: ", "))")
        }
        self = format
    }
}
