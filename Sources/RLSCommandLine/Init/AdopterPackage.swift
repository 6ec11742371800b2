import Foundation

/// The package `rls init` writes: a `Policies` target with the schema, an executable `rls` that runs
/// the command line with it, `Migrations/`, `.gitignore`, a CI workflow and a README.
///
/// ```swift
/// let package = try AdopterPackage(name: "myapp", dependency: .path("../rls"), schema: .starter)
/// try package.write(to: "/home/me/myapp")
/// ```
struct AdopterPackage {
    /// The package name, as given (`myapp`).
    let name: String
    /// The schema's Swift type (`Myapp`, `MyApp` for `my-app`).
    let typeName: String
    let dependency: RLSDependency
    let schema: InitialSchema

    init(name: String, dependency: RLSDependency, schema: InitialSchema) throws {
        self.name = name
        self.typeName = try Self.typeName(forPackage: name)
        self.dependency = dependency
        self.schema = schema
    }

    /// The schema's Swift type for the package `name` (`MyApp` for `my-app`); refuses a name that
    /// cannot name a Swift package.
    static func typeName(forPackage name: String) throws -> String {
        let words = name.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
            let first = name.first, first.isLetter
        else {
            throw CommandError(
                "'\(name)' cannot name a Swift package: use letters, digits, '-' and '_', starting with a letter "
                    + "(for example --name myapp).")
        }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The baseline migration's version when the schema was pulled from a database.
    var baselineVersion: String? { schema.baselineVersion }

    /// The name `rls init DIR` uses without `--name`: DIR's last folder name.
    static func defaultName(forDirectory path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.lastPathComponent
    }

    /// Every file, by path relative to the package folder, in the order they are written.
    var files: [(path: String, contents: String)] {
        [
            ("Package.swift", packageSwift),
            ("Sources/rls/main.swift", mainSwift),
        ] + schema.files(typeName: typeName, packageName: name) + [
            (".gitignore", ".build/\n.swiftpm/\n.rls/\n"),
            (".github/workflows/rls.yml", CIWorkflow.yaml),
            ("README.md", baselineVersion.map { pulledReadme(baselineVersion: $0) } ?? readme),
        ]
    }

    var packageSwift: String {
        let dependencyLines = dependency.packageSwiftLines.map { "        " + $0 }.joined(separator: "\n")
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            // \(name)'s database access rules as Swift code, with rls. `swift run rls --help` lists the commands.
            let package = Package(
                name: "\(name)",
                dependencies: [
            \(dependencyLines)
                ],
                targets: [
                    // The schema: tables, who may do what with their rows, the sign-up trigger.
                    .target(name: "Policies", dependencies: [.product(name: "RLSModel", package: "rls")]),
                    // The rls command line, run with that schema: swift run rls check
                    .executableTarget(name: "rls", dependencies: [
                        "Policies", .product(name: "RLSCommandLine", package: "rls"),
                    ]),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    var mainSwift: String {
        """
        import Policies
        import RLSCommandLine
        RLSCommandLine.run(schema: \(typeName).schema)

        """
    }

    /// Starts with the package's two commands; the CI script of rls runs exactly these.
    var readme: String {
        """
        # \(name)

        ```sh
        swift run rls diff initial   # write the schema's SQL to Migrations/ (after each later change: rls diff NAME)
        swift run rls check          # prove who may do what, on a throwaway Supabase-shaped database built from Migrations/
        ```

        The tables of \(name)'s Supabase database and who may do what with their rows, as Swift code:
        [`Sources/Policies/\(typeName).swift`](Sources/Policies/\(typeName).swift). `rls` compiles it to
        row-level security SQL, writes it as migrations, applies them, proves them by impersonating
        Supabase's roles and documents who can see what.

        Needs Swift 6 on Linux and, for the throwaway databases, PostgreSQL's server and libpq:
        `apt-get install libpq-dev pkg-config postgresql`.

        \(Self.commandTable)

        CI: `.github/workflows/rls.yml` runs `rls check`, `rls docs --check`, `rls types --check` and
        `rls lint` on every pull request, and `rls plan` against the database in the `SUPABASE_DATABASE_URL`
        secret. Run `rls docs` and `rls types` once and commit `Docs/` and `Types/` before the first push.

        """
    }

    /// Writes the package into `path`, which must be missing or empty. The files are written into a
    /// folder beside it first and moved into place at the end, so a failed write leaves nothing behind.
    func write(to path: String) throws {
        let fileManager = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL
        try Self.refuseOccupied(path)
        let parent = target.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).rls-init-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url)
            }
            try schema.writeGeneratedFiles(into: staging)
            if fileManager.fileExists(atPath: target.path) {
                // An empty folder the user may be standing in (`rls init .`): fill it, never replace it.
                for entry in try fileManager.contentsOfDirectory(atPath: staging.path) {
                    try fileManager.moveItem(at: staging.appendingPathComponent(entry), to: target.appendingPathComponent(entry))
                }
                try fileManager.removeItem(at: staging)
            } else {
                try fileManager.moveItem(at: staging, to: target)
            }
        } catch {
            try? fileManager.removeItem(at: staging)
            throw CommandError(
                "could not write the package into \(path): \(error.localizedDescription). Check that its folder is writable.")
        }
    }

    /// Refuses a `path` that is a file or a folder holding anything, so that nothing of the user's is overwritten.
    static func refuseOccupied(_ path: String) throws {
        let fileManager = FileManager.default
        let target = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: target.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw CommandError("\(path) is a file. Give rls init a new or empty folder.")
            }
            let entries = (try? fileManager.contentsOfDirectory(atPath: target.path)) ?? []
            guard entries.isEmpty else {
                let shown = entries.sorted().prefix(3).joined(separator: ", ") + (entries.count > 3 ? ", …" : "")
                throw CommandError(
                    "\(path) is not empty (it holds \(shown)). rls init writes only into a new or empty folder, "
                        + "so that nothing of yours is overwritten; choose another folder.")
            }
        }
    }
}

extension AdopterPackage {
    /// The commands table both READMEs (starter and `--from-database`) show.
    static let commandTable = """
        | command | what it does |
        |---|---|
        | `swift run rls diff NAME` | a new migration in `Migrations/` from what the schema declares |
        | `swift run rls check` | proves the access rules on a throwaway database built from `Migrations/` |
        | `swift run rls docs` | writes `Docs/ACCESS.md`: who can see what (`--check` in CI) |
        | `swift run rls types` | writes `Types/Database.swift`: the app's Codable models, shaped by who may write what (`--check` in CI) |
        | `swift run rls lint` | what makes row-level security unsafe or slow |
        | `swift run rls apply` | applies pending migrations to `DATABASE_URL` |
        | `swift run rls plan` | what would change on `DATABASE_URL`, read-only |
        """
}
