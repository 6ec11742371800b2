import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPlan
import RLSSQL

/// `rls lint`: find what makes row-level security unsafe or slow, in a live database or in the schema.
enum LintCommand {
    /// SARIF is lint's own format (SARIF 2.1.0, for code scanning).
    enum Format: String, ArgumentChoice { case text, json, sarif }

    struct Options: CommandOptions {
        var format = Format.text
        var failOn = LintLevel.error
        var schemaOnly = false
        var readTimeouts = ReadTimeoutOptions()
        var scratch = ScratchOption()

        static let arguments: [Argument<Self>] =
            [
                .value("format", \.format, help: "text (default), json or sarif (SARIF 2.1.0)."),
                .value("fail-on", \.failOn, help: "Exit 1 when a finding is at least this level: error (default), warning or info."),
                .flag(
                    "schema-only", \.schemaOnly, help: "Lint the compiled-in schema on a throwaway database, even when a database is given."
                ),
            ] + ReadTimeoutOptions.arguments(in: \Self.readTimeouts) + ScratchOption.arguments(in: \Self.scratch)
    }

    static let command = Command(
        "lint",
        summary: "Find what makes row-level security unsafe or slow.",
        discussion: """
            With a database (--database-url, DATABASE_URL or the dev cluster), reads its catalog (read-only) and
            lints it. With none, or with --schema-only, lints the compiled-in schema: its SQL is applied to a
            throwaway local database whose new tables are granted to the API roles (older Supabase projects
            do that), and that catalog is linted. Covers Supabase's linter (splinter 0001-0029, wherever a lint
            applies to a schema) and goes further: rows exposed through SECURITY DEFINER functions, views and
            materialized views; roles and default privileges granted to anon/authenticated; with check (true)
            for anon; dynamic SQL built without quoting; functions that break under an empty search_path.
            Each finding names its rule (Docs/LINT.md lists each with its splinter number) and, when obvious,
            a fix that keeps everyone's access but what the finding names. Exits 1 when any finding is at or
            above --fail-on (error by default), 0 otherwise. --format sarif writes SARIF 2.1.0 for code
            scanning, locating findings in the Swift schema or the Migrations/ file that creates the object.
            """,
        options: Options.self,
        run: { arguments, invocation in
            let scratchURL = arguments.scratch.resolved(invocation.session.environment)
            let output =
                try arguments.schemaOnly
                ? lintSchema(invocation, scratch: nil, scratchURL: scratchURL)
                : lintTarget(invocation, readTimeouts: arguments.readTimeouts.timeouts, scratchURL: scratchURL)
            switch arguments.format {
            case .sarif: invocation.console.output(try sarif(output, schema: invocation.schema, directory: invocation.directory))
            case .json: invocation.console.output(try output.json())
            case .text: output.printText(to: invocation.console)
            }
            // `--fail-on`: the least serious level that fails the run.
            return output.report.findings.contains { $0.level <= arguments.failOn } ? .failure : .success
        }
    )

    /// The report as SARIF, each finding located where its object is written: in the Swift schema
    /// first when the schema was linted, in the migration file first when a database was.
    private static func sarif(_ output: LintOutput, schema: Schema, directory: String) throws -> String {
        let migrations = MigrationDirectory(path: directory + "/Migrations")
        let files = (try? migrations.filesIfPresent()) ?? []
        var locations: [LintFinding: LintLocation] = [:]
        for finding in output.report.findings {
            let inMigrations = { LintLocation.find(finding, in: files, directory: directory) }
            let inSwift = { LintLocation.find(finding, in: schema, directory: directory) }
            locations[finding] = output.source == "schema" ? inSwift() ?? inMigrations() : inMigrations() ?? inSwift()
        }
        return try LintSARIF(report: output.report, locations: locations).json()
    }

    /// The live database when one is given; the compiled-in schema, on the throwaway cluster, when not.
    private static func lintTarget(_ invocation: Invocation, readTimeouts: ReadTimeouts, scratchURL: String?) throws -> LintOutput {
        try invocation.withDatabase(readTimeouts: readTimeouts, scratchURL: scratchURL) { target, connection in
            if let cluster = target.cluster { return try lintSchema(invocation, scratch: cluster, scratchURL: nil) }
            return LintOutput(source: "database", subject: "the database \(target)", report: Lint.run(try connection.introspectCatalog()))
        }
    }

    /// The compiled-in schema's SQL applied to a throwaway database (in `scratch`, else a cluster
    /// started for it or the server at `scratchURL`, unless the catalog is cached under .rls/cache), linted.
    private static func lintSchema(_ invocation: Invocation, scratch cluster: EmbeddedCluster?, scratchURL: String?) throws -> LintOutput {
        let sql = try renderValidated(invocation.schema)
        let scratch = ScratchCluster(reusing: cluster, scratchURL: scratchURL)
        defer { scratch.stop() }
        // Linted as an older project would hold it (new tables granted to anon and authenticated), the
        // worse case: a table the schema leaves without RLS is then readable through the API.
        let catalog = try Drift.desiredCatalog(
            sql, in: try scratch.cluster(), defaultPrivileges: .legacyGrantAll, cacheDirectory: invocation.directory + "/.rls/cache"
        )
        return LintOutput(source: "schema", subject: "the compiled-in schema (applied to a throwaway database)", report: Lint.run(catalog))
    }
}
