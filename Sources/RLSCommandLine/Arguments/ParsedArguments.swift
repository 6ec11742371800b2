/// What the command line said, after parsing against a command's options.
struct ParsedArguments: Sendable {
    /// Option values by long name; a flag maps to `""`. The last occurrence wins.
    var values: [String: String] = [:]
    /// Operands in order: everything that is not an option, and everything after `--`.
    var positionals: [String] = []

    func flag(_ name: String) -> Bool { values[name] != nil }

    func value(_ name: String) -> String? { values[name] }
}
