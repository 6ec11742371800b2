/// One option a command accepts, for parsing and for `--help`.
struct OptionSpec: Sendable {
    /// The long name without dashes, such as `database-url`.
    let name: String
    /// A one-letter alias without the dash, such as `h`.
    let short: Character?
    /// The placeholder shown in help when the option takes a value (`URL`), nil for a flag.
    let valueName: String?
    /// One line of help.
    let help: String
    /// The value may be left out (`--from-database` or `--from-database URL`); see ``databaseURL(_:_:help:)``.
    var valueIsOptional = false

    static func flag(_ name: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: nil, help: help)
    }

    static func value(_ name: String, _ valueName: String, short: Character? = nil, help: String) -> OptionSpec {
        OptionSpec(name: name, short: short, valueName: valueName, help: help)
    }

    /// An option whose value, a database URL, may be left out: `--from-database` alone is present with
    /// the value `""`; the next argument is its value only when it looks like a URL (`scheme://`) or a
    /// `key=value` connection string, or is empty (an unset CI secret, refused by the command).
    static func databaseURL(_ name: String, _ valueName: String, help: String) -> OptionSpec {
        var spec = OptionSpec(name: name, short: nil, valueName: valueName, help: help)
        spec.valueIsOptional = true
        return spec
    }

    var takesValue: Bool { valueName != nil }

    /// `--name VALUE` or `-h, --help`, as the help table shows it.
    var synopsis: String {
        var text = short.map { "-\($0), " } ?? ""
        text += "--\(name)"
        if let valueName { text += valueIsOptional ? " [\(valueName)]" : " \(valueName)" }
        return text
    }
}

extension OptionSpec {
    /// Options every command accepts.
    static let global: [OptionSpec] = [
        .value("database-url", "URL", help: "Target database (postgres://user:pass@host:5432/db?sslmode=require or key=value). Default: $DATABASE_URL, then a running `rls dev` cluster, then a throwaway embedded one."),
        .flag("verbose", short: "v", help: "Show full error details (SQLSTATE, detail, hint, statement)."),
        .flag("help", short: "h", help: "Show help for the command."),
    ]
}
