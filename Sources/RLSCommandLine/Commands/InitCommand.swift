/// `rls init DIR`: a new package that adopts rls, with a starter schema, ready to build.
enum InitCommand {
    static let command = Command(
        name: "init",
        summary: "Create a new package that adopts rls: schema target, executable, Migrations/, CI workflow.",
        usage: "init DIR [--name NAME]",
        discussion: """
            Writes a Swift package into DIR (created if missing; refused when it holds anything): Package.swift
            depending on rls, Sources/Policies/ with a starter schema (a sign-up profile and one owner-only
            table), Sources/rls/main.swift, an empty Migrations/, .gitignore, the GitHub Actions workflow of
            rls's Docs/CI.md as .github/workflows/rls.yml, and a README that starts with the package's two
            commands. Run from an rls checkout, the dependency is that checkout by path; otherwise it is
            rls's repository URL. Package.swift says which. Needs no database.

            Then: cd DIR && swift run rls diff initial && swift run rls check
            """,
        options: [
            .value("name", "NAME", help: "The package name (default: DIR's last folder name); also names the schema's Swift type."),
        ],
        operands: 1,
        run: { invocation in
            guard let directory = invocation.arguments.positionals.first else {
                throw UsageError("name the folder of the new package: \(invocation.program) init DIR (for example: \(invocation.program) init ../myapp)")
            }
            let path = directory.hasPrefix("/") ? directory : invocation.directory + "/" + directory
            let name = invocation.arguments.value("name") ?? AdopterPackage.defaultName(forDirectory: path)
            let package = try AdopterPackage(name: name, dependency: .current(packageDirectory: path), schema: .starter)
            try package.write(to: path)
            invocation.console.output("Created package \(package.name) in \(directory) (\(package.dependency.summary)).")
            invocation.console.output("Next: cd \(directory) && swift run rls diff initial && swift run rls check")
            return .success
        }
    )
}
