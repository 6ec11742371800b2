/// A command's options as one typed struct, declared once: parsing fills it, and usage lines,
/// `--help` and `Docs/COMMANDS.md` are generated from ``arguments``.
protocol CommandOptions: Sendable {
    /// The options as they are before the command line is read: every default.
    init()
    /// Every option and operand, in the order help lists them.
    static var arguments: [Argument<Self>] { get }
}

/// For commands that take no options of their own.
struct NoOptions: CommandOptions {
    static var arguments: [Argument<Self>] { [] }
}

/// Options every command accepts, given before or after the command's name.
struct GlobalOptions: CommandOptions {
    var databaseURL: String?
    var databaseURLFile: String?
    var verbose = false
    var help = false
    var version = false

    static let arguments: [Argument<Self>] = [
        .value(
            "database-url", "URL", \.databaseURL,
            help:
                "Target database (postgres://user:pass@host:5432/db?sslmode=require or key=value). Default: $DATABASE_URL, then a running `rls dev` cluster, then a throwaway embedded one. A password here shows in `ps`: prefer DATABASE_URL or --database-url-file."
        ),
        .value(
            "database-url-file", "PATH", \.databaseURLFile,
            help: "Read the target database's URL from this file (mode 0600), so its password is on no command line."
        ),
        .flag("verbose", short: "v", \.verbose, help: "Show full error details (SQLSTATE, detail, hint, statement)."),
        .flag("help", short: "h", \.help, help: "Show help for the command."),
        .flag("version", \.version, help: "Print the version of rls."),
    ]
}

/// A command's options and the global ones, filled by one pass over the command line.
struct ParsedCommandLine<Options: CommandOptions>: Sendable {
    var options = Options()
    var global = GlobalOptions()

    static var arguments: [Argument<Self>] {
        Options.arguments(in: \Self.options) + GlobalOptions.arguments(in: \Self.global)
    }
}

/// `--migrations DIR`, for the commands that read migration files.
struct MigrationsOption: CommandOptions {
    var path = "Migrations"

    static let arguments: [Argument<Self>] = [
        .value("migrations", "DIR", \.path, help: "Folder of migration files (default: Migrations under the current directory).")
    ]
}
