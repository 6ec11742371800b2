import RLSDatabase
import RLSSQL

/// `rls diff NAME`: a new migration that takes `Migrations/` to the schema.
enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Write a new migration that takes Migrations/ to the schema.",
        usage: "diff NAME [--from-database] [--migrations DIR]",
        discussion: """
            Replays the existing migration files on a throwaway local database, compares the result with the
            compiled-in schema (both read back from the server's catalog, so expressions compare by meaning),
            and writes the SQL that closes the gap to DIR/<14-digit UTC timestamp>_NAME.sql. The first
            migration is the schema's complete SQL, as `rls sql` prints it. Writes nothing when there is no
            difference. Never connects to --database-url or DATABASE_URL, except with --from-database: then the
            migration goes from the live database (every file in DIR applied there) to the schema, and is checked
            to replay cleanly after the earlier files on a throwaway database.
            """,
        options: [fromDatabaseOption, .migrations],
        operands: 1,
        run: { invocation in
            guard let name = invocation.arguments.positionals.first, invocation.arguments.positionals.count == 1 else {
                throw UsageError("name the migration: rls diff NAME (for example: rls diff add_saved_listings)")
            }
            _ = try MigrationFile.fileName(for: name)
            if invocation.arguments.flag("from-database") { return try fromDatabase(name: name, invocation: invocation) }
            let desiredSQL = try renderValidated(invocation.schema)
            let directory = MigrationDirectory(path: invocation.migrationsPath)
            let files = try directory.filesIfPresent()
            let cluster = try EmbeddedCluster.start()
            defer { cluster.stop() }
            let plan = try Drift.migrationPlan(
                migrations: files.map(SQLScript.init), desiredSQL: desiredSQL, scratch: cluster,
                leavingOut: invocation.schema.undeclared
            )
            guard !plan.isEmpty else {
                invocation.console.output("No difference: \(directory.path)/ already produces the schema. Nothing written.")
                return .success
            }
            let header = """
                -- Migration \(name), written by `rls diff` from the schema in Policies/.
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
            return .success
        }
    )
}
