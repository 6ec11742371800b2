import Foundation
import RLSCheck
import RLSDatabase
import RLSPlan
import RLSSQL

/// `rls diff NAME`: a new migration that takes `Migrations/` to the schema.
enum DiffCommand {
    struct Options: CommandOptions {
        var name = ""
        var fromDatabase = false
        var migrations = MigrationsOption()
        var accessOutput = AccessDiffOutput()
        var readTimeouts = ReadTimeoutOptions()
        var scratch = ScratchOption()

        static let arguments: [Argument<Self>] =
            [
                .positional(
                    "NAME", \.name, help: "What the migration does, in the file name: add_saved_listings.",
                    missing: { program in "name the migration: \(program) diff NAME (for example: \(program) diff add_saved_listings)" }),
                .flag(
                    "from-database", \.fromDatabase,
                    help:
                        "Start from the database (--database-url, DATABASE_URL) instead of Migrations/: closes drift, tightens a pulled schema."
                ),
            ] + MigrationsOption.arguments(in: \Self.migrations) + AccessDiffOutput.arguments(in: \Self.accessOutput)
            + ReadTimeoutOptions.arguments(in: \Self.readTimeouts) + ScratchOption.arguments(in: \Self.scratch)
    }

    static let command = Command(
        "diff",
        summary: "Write a new migration that takes Migrations/ to the schema.",
        discussion: """
            Replays the existing migration files on a throwaway local database, compares the result with the
            compiled-in schema (both read back from the server's catalog, so expressions compare by meaning),
            and writes the SQL that closes the gap to DIR/<14-digit UTC timestamp>_NAME.sql. New enum values
            (ALTER TYPE … ADD VALUE) go into a file of their own one second earlier, NAME_enum_values.sql,
            because PostgreSQL cannot use a value in the transaction that adds it. The first
            migration is the schema's complete SQL, as `rls sql` prints it. Writes nothing when there is no
            difference. Never connects to --database-url or DATABASE_URL, except with --from-database: then the
            migration goes from the live database (every file in DIR applied there) to the schema, and is checked
            to replay cleanly after the earlier files on a throwaway database.

            Then it shows the access change the new file makes: rls check's probes run on the existing files
            replayed and on them plus the new file(s), and every caller × operation × own/other rows that differs
            is printed as a sentence ("anon gains SELECT on public.saved (every row)"). --fail-on-widening exits
            1 (the file is still written) when a caller gains access on a table without .expectsWidening("reason").
            Not with --from-database (use rls plan --access there).
            """,
        options: Options.self,
        run: { arguments, invocation in
            let name = arguments.name
            _ = try MigrationFile.fileName(for: name)
            if arguments.fromDatabase {
                return try fromDatabase(
                    name: name, migrations: arguments.migrations.path, readTimeouts: arguments.readTimeouts.timeouts,
                    scratchURL: arguments.scratch.resolved(invocation.session.environment), invocation: invocation
                )
            }
            let desiredSQL = try renderValidated(invocation.schema)
            let directory = MigrationDirectory(path: arguments.migrations.path)
            let files = try directory.filesIfPresent()
            let cluster = try ScratchCluster.startOrAttach(scratchURL: arguments.scratch.resolved(invocation.session.environment))
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
                -- Migration \(name), written by `rls diff` from \(invocation.schema.origin).
                -- \(plan.summary). Review it, then apply with `rls apply`.


                """
            // The first migration is the schema's own rendering: grouped per table, in the DSL's order,
            // and by construction the state the DSL declares.
            let body = files.isEmpty ? desiredSQL : plan.sql
            let (enumValues, rest) = SQLStatement.separatingEnumValues(body)
            let now = Date()
            if !enumValues.isEmpty {
                let valuesFile = try directory.write(name: "\(name)_enum_values", sql: enumValuesHeader(name) + enumValues, at: now)
                invocation.console.output(
                    "Wrote \(valuesFile.path.escapedForDisplay): the new enum values, in a file of their own because "
                        + "PostgreSQL cannot use an enum value in the transaction that adds it.")
            }
            let file = try directory.write(name: name, sql: header + rest, at: enumValues.isEmpty ? now : now.addingTimeInterval(1))
            invocation.console.output("Wrote \(file.path.escapedForDisplay): \(plan.summary).")
            for change in plan.changes { invocation.console.output("  \(change.summary.escapedForDisplay)") }
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
            return try arguments.accessOutput.emit(access, invocation)
        }
    )

    private static func enumValuesHeader(_ name: String) -> String {
        """
        -- New enum values for migration \(name), written by `rls diff`.
        -- They sit in a file of their own: PostgreSQL cannot use an enum value in the transaction that
        -- adds it (55P04), and tools that run each file in one transaction (the Supabase CLI) would fail
        -- on a file that adds a value and uses it. `rls apply` commits them first either way.


        """
    }
}
