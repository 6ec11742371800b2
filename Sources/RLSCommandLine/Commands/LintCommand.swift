import RLSCatalog
import RLSDatabase
import RLSSQL

/// `rls lint`: find what makes row-level security unsafe or slow, in a live database or in the schema.
enum LintCommand {
    static let command = Command(
        name: "lint",
        summary: "Find what makes row-level security unsafe or slow.",
        usage: "lint [--format text|json] [--schema-only]",
        discussion: """
            With a database (--database-url, DATABASE_URL or the dev cluster), reads its catalog (read-only) and
            lints it. With none, or with --schema-only, lints the compiled-in schema: its SQL is applied to a
            throwaway local database whose new tables are granted to the API roles (older Supabase projects
            do that), and that catalog is linted. Finds tables without RLS, RLS without policies, policies on
            tables with RLS off, auth.uid() evaluated per row, several permissive policies for one role and
            action, policies without TO, owner columns without an index, SECURITY DEFINER functions without a
            fixed search_path, policies trusting user metadata, views bypassing RLS and grants on tables
            without RLS. Each finding names its rule (see Docs/LINT.md) and, when obvious, the fix.
            Exits 1 when any finding is an error, 0 otherwise.
            """,
        options: [
            .value("format", "FORMAT", help: "text (default) or json."),
            .flag("schema-only", help: "Lint the compiled-in schema on a throwaway database, even when a database is given."),
        ],
        run: { invocation in
            let format = try OutputFormat(invocation.arguments.value("format"), allowed: [.text, .json])
            let output = try invocation.arguments.flag("schema-only") ? lintSchema(invocation, scratch: nil) : lintTarget(invocation)
            switch format {
            case .json: invocation.console.output(try output.json())
            default: output.printText(to: invocation.console)
            }
            return output.report.hasErrors ? .failure : .success
        }
    )

    /// The live database when one is given; the compiled-in schema, on the throwaway cluster, when not.
    private static func lintTarget(_ invocation: Invocation) throws -> LintOutput {
        try invocation.withDatabase { target, connection in
            if let cluster = target.cluster { return try lintSchema(invocation, scratch: cluster) }
            return LintOutput(source: "database", subject: "the database \(target)", report: Lint.run(try connection.introspectCatalog()))
        }
    }

    /// The compiled-in schema's SQL applied to a throwaway database (in `scratch`, else a cluster
    /// started for it, unless the catalog is cached under .rls/cache), linted.
    private static func lintSchema(_ invocation: Invocation, scratch cluster: EmbeddedCluster?) throws -> LintOutput {
        let sql = try renderValidated(invocation.schema)
        let scratch = ScratchCluster(reusing: cluster)
        defer { scratch.stop() }
        // Linted as an older project would hold it (new tables granted to anon and authenticated), the
        // worse case: a table the schema leaves without RLS is then readable through the API.
        let catalog = try Drift.desiredCatalog(
            sql, in: try scratch.cluster(), defaultPrivileges: .legacyGrantAll, cacheDirectory: invocation.directory + "/.rls/cache"
        )
        return LintOutput(source: "schema", subject: "the compiled-in schema (applied to a throwaway database)", report: Lint.run(catalog))
    }
}
