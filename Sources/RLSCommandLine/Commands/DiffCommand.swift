import RLSCheck
import RLSDatabase
import RLSSQL

/// `rls diff NAME`: a new migration that takes `Migrations/` to the schema.
enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Write a new migration that takes Migrations/ to the schema.",
        usage: "diff NAME [--migrations DIR] [--access-format text|markdown|json] [--access-output FILE] [--fail-on-widening]",
        discussion: """
            Replays the existing migration files on a throwaway local database, compares the result with the
            compiled-in schema (both read back from the server's catalog, so expressions compare by meaning),
            and writes the SQL that closes the gap to DIR/<14-digit UTC timestamp>_NAME.sql. The first
            migration is the schema's complete SQL, as `rls sql` prints it. Writes nothing when there is no
            difference. Never connects to --database-url or DATABASE_URL.

            Then it shows the access change the new file makes: rls check's probes run on the existing files
            replayed and on them plus the new file, and every caller × operation × own/other rows that differs
            is printed as a sentence ("anon gains SELECT on public.saved (every row)"). --fail-on-widening exits
            1 (the file is still written) when a caller gains access on a table without .expectsWidening("reason").
            """,
        options: [.migrations] + AccessDiffOutput.options,
        operands: 1,
        run: { invocation in
            guard let name = invocation.arguments.positionals.first, invocation.arguments.positionals.count == 1 else {
                throw UsageError("name the migration: rls diff NAME (for example: rls diff add_saved_listings)")
            }
            _ = try MigrationFile.fileName(for: name)
            _ = try AccessDiffOutput.format(invocation)
            let desiredSQL = try renderValidated(invocation.schema)
            let directory = MigrationDirectory(path: invocation.migrationsPath)
            let files = try directory.filesIfPresent()
            let cluster = try EmbeddedCluster.start()
            defer { cluster.stop() }
            let plan = try Drift.migrationPlan(
                migrations: files.map(SQLScript.init), desiredSQL: desiredSQL, scratch: cluster
            )
            guard !plan.isEmpty else {
                invocation.console.output("No difference: \(directory.path)/ already produces the schema. Nothing written.")
                return .success
            }
            let header = """
                -- Migration \(name), written by `rls diff` from \(invocation.schema.origin).
                -- \(plan.summary). Review it, then apply with `rls apply`.


                """
            // The first migration is the schema's own rendering: grouped per table, in the DSL's order,
            // and by construction the state the DSL declares.
            let body = files.isEmpty ? desiredSQL : plan.sql
            let file = try directory.write(name: name, sql: header + body)
            invocation.console.output("Wrote \(file.path): \(plan.summary).")
            for change in plan.changes { invocation.console.output("  \(change.summary)") }
            if plan.isDestructive {
                invocation.console.output("It drops data: `rls apply` will need --allow-destructive.")
            }
            // The access change the new file makes: the same probes on the files without it and with it.
            let access = AccessDiff(
                before: try AccessSnapshot.probe(invocation.schema, applying: files, in: cluster),
                after: try AccessSnapshot.probe(invocation.schema, applying: try directory.files(), in: cluster),
                schema: invocation.schema,
                describing: files.isEmpty ? "an empty database" : "\(directory.path)/ (\(files.count) file\(files.count == 1 ? "" : "s"))",
                "with \(file.fileName)")
            return try AccessDiffOutput.emit(access, invocation)
        }
    )
}
