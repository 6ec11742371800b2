import RLSPull

/// `rls init DIR`: a new package that adopts rls, with a starter schema or an existing database's, ready to build.
enum InitCommand {
    struct Options: CommandOptions {
        var directory = ""
        var fromDatabase: OptionalValue?
        var name: String?

        static let arguments: [Argument<Self>] = [
            .positional(
                "DIR", \.directory, help: "The folder of the new package (created if missing; must be empty).",
                missing: { program in
                    "name the folder of the new package: \(program) init DIR (for example: \(program) init ../myapp)"
                }),
            .optionalValue(
                "from-database", "URL", \.fromDatabase,
                help: "Read the schema and a baseline migration from this database (default: --database-url, DATABASE_URL)."),
            .value("name", "NAME", \.name, help: "The package name (default: DIR's last folder name); also names the schema's Swift type."),
        ]
    }

    static let command = Command(
        "init",
        summary: "Create a new package that adopts rls: schema target, executable, Migrations/, CI workflow.",
        discussion: """
            Writes a Swift package into DIR (created if missing; refused when it holds anything): Package.swift
            depending on rls, Sources/Policies/ with a starter schema (a sign-up profile and one owner-only
            table), Sources/rls/main.swift, an empty Migrations/, .gitignore, the GitHub Actions workflow of
            rls's Docs/CI.md as .github/workflows/rls.yml, and a README that starts with the package's two
            commands. Run from an rls checkout, the dependency is that checkout by path; otherwise it is
            rls's repository URL. Package.swift says which. Needs no database.

            Then: cd DIR && swift run rls diff initial && swift run rls check

            With --from-database, the schema comes from an existing database instead, read as `rls pull` reads
            it (read-only): Sources/Policies/ holds the Swift that describes the database exactly (MyApp.swift
            and one file per table), and Migrations/ its baseline, which recreates it exactly. The database is
            URL, else --database-url or DATABASE_URL (or the folder's `rls dev` cluster). Nothing is written
            when reading fails. The database already holds the baseline, so record it there, then plan:

              cd DIR && swift run rls apply --mark-applied VERSION && swift run rls plan --exit-code
            """,
        options: Options.self,
        run: { arguments, invocation in
            let directory = arguments.directory
            let path = directory.hasPrefix("/") ? directory : invocation.directory + "/" + directory
            let name = arguments.name ?? AdopterPackage.defaultName(forDirectory: path)
            var schema = InitialSchema.starter
            var pull: Pull?
            if let fromDatabase = arguments.fromDatabase {
                // Refused before the database is read, not after.
                try AdopterPackage.refuseOccupied(path)
                (schema, pull) = try pulledSchema(
                    invocation, url: fromDatabase.value,
                    typeName: AdopterPackage.typeName(forPackage: name))
            }
            let package = try AdopterPackage(name: name, dependency: .current(packageDirectory: path), schema: schema)
            try package.write(to: path)
            let console = invocation.console
            console.output("Created package \(package.name) in \(directory) (\(package.dependency.summary)).")
            guard let pull, let version = package.baselineVersion else {
                console.output("Next: cd \(directory) && swift run rls diff initial && swift run rls check")
                return .success
            }
            console.output(
                "Sources/Policies/: \(pull.sources.files.count) Swift file(s) (enum \(package.typeName)): "
                    + "\(pull.pulled.schema.tables.count) table(s), \(pull.pulled.schema.functions.count) function(s), "
                    + "\(pull.pulled.schema.views.count) view(s), \(pull.pulled.schema.triggers.count) trigger(s).")
            console.output("Migrations/\(version)_baseline.sql: the database as it is.")
            PullCommand.printNotes(of: pull, to: console)
            console.output(
                """

                Next, with DATABASE_URL set to that database:
                  cd \(directory)
                  swift run rls apply --mark-applied \(version)   # it already holds the baseline: record it, run nothing
                  swift run rls plan --exit-code   # exits 0: the database, Migrations/ and the Swift agree
                """)
            return .success
        }
    )
}
