extension OptionSpec {
    /// `--migrations DIR`, for the commands that read migration files.
    static let migrations = OptionSpec.value(
        "migrations", "DIR", help: "Folder of migration files (default: Migrations under the current directory)."
    )
}

extension Invocation {
    /// `--migrations`, else `Migrations`.
    var migrationsPath: String { arguments.value("migrations") ?? "Migrations" }
}
