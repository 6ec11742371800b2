/// One argument a command declares, as `--help`, usage lines and `Docs/COMMANDS.md` show it.
///
/// The typed ``Argument`` carries one of these beside the code that stores its value, so the text a
/// user reads and the parsing come from the same declaration.
struct ArgumentSpec: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        /// `--dry-run`: present or not.
        case flag
        /// `--lock-timeout DURATION`: always with a value.
        case value(String)
        /// `--from-database [URL]`: the value may be left out.
        case optionalValue(String)
        /// `NAME`: an operand, in declaration order; required ones come first.
        case positional(required: Bool)
    }

    /// The long name without dashes (`database-url`); for an operand, its placeholder (`NAME`).
    let name: String
    /// A one-letter alias without the dash, such as `h`.
    var short: Character? = nil
    let kind: Kind
    /// One line of help.
    let help: String

    var isPositional: Bool {
        if case .positional = kind { return true }
        return false
    }

    var takesValue: Bool {
        switch kind {
        case .value, .optionalValue: true
        case .flag, .positional: false
        }
    }

    /// `--name VALUE`, `-h, --help`, `--from-database [URL]` or `NAME`, as the help table shows it.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        switch kind {
        case .flag: text += "--\(name)"
        case .value(let value): text += "--\(name) \(value)"
        case .optionalValue(let value): text += "--\(name) [\(value)]"
        case .positional: text = name
        }
        return text
    }

    /// How the argument reads in a usage line: `[--dry-run]`, `[--migrations DIR]`, `NAME`.
    var usage: String {
        switch kind {
        case .flag: "[--\(name)]"
        case .value(let value): "[--\(name) \(value)]"
        case .optionalValue(let value): "[--\(name) [\(value)]]"
        case .positional(let required): required ? name : "[\(name)]"
        }
    }
}

extension ArgumentSpec {
    /// Two aligned columns: synopsis and help.
    static func helpTable(_ specs: [ArgumentSpec]) -> [String] {
        let width = specs.map(\.synopsis.count).max() ?? 0
        return specs.map { spec in
            "  " + spec.synopsis + String(repeating: " ", count: width + 2 - spec.synopsis.count) + spec.help
        }
    }
}
