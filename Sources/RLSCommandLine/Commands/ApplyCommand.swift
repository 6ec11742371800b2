import Foundation
import RLSDatabase

/// `rls apply`: pending migration files, all or nothing, recorded in Supabase's history table.
enum ApplyCommand {
    struct Options: CommandOptions {
        var dryRun = false
        var yes = false
        var allowDestructive = false
        var includeAll = false
        var lockTimeout: Duration?
        var statementTimeout: Duration?
        var markApplied: String?
        var migrations = MigrationsOption()

        static let arguments: [Argument<Self>] =
            [
                .flag(
                    "dry-run", \.dryRun,
                    help: "Check and print what would run, and run it in a transaction that is rolled back; write nothing."),
                .flag("yes", short: "y", \.yes, help: "Do not ask for confirmation on a terminal."),
                .flag(
                    "allow-destructive", \.allowDestructive,
                    help: "Allow statements that can lose data (DROP TABLE, DROP COLUMN, TRUNCATE, …)."),
                .flag(
                    "include-all", \.includeAll,
                    help: "Also apply pending files older than the newest applied one (merged from another branch)."),
                .value(
                    "lock-timeout", \.lockTimeout, help: "How long one statement may wait for a table lock: 250ms, 5s, 2min (default 5s)."),
                .value("statement-timeout", \.statementTimeout, help: "How long one statement may run (default 60s)."),
                .value(
                    "mark-applied", "VERSION", \.markApplied,
                    help: "Record the file VERSION as applied without running it (a baseline the database already holds)."),
            ] + MigrationsOption.arguments(in: \Self.migrations)
    }

    static let command = Command(
        "apply",
        summary: "Apply pending migration files, all or nothing, and record them.",
        discussion: """
            Applies the files in Migrations/ that the database has not recorded, in order, in ONE transaction
            (ALTER TYPE … ADD VALUE first, in a transaction of its own: see Docs/MIGRATIONS.md), each statement
            as its own protocol message in one pipeline, under a transaction-scoped advisory lock (safe behind Supabase's transaction-mode pooler; a second
            apply at the same time waits, then finds nothing to do). Each file is recorded in
            supabase_migrations.schema_migrations, as the Supabase CLI does, with its checksum beside it.
            Refuses, before anything runs: an applied file edited since; a pending file older than the newest
            applied one unless --include-all; BEGIN/COMMIT/SAVEPOINT, COPY … FROM STDIN, VACUUM and
            … CONCURRENTLY in a file; statements that can lose data unless --allow-destructive is given. A failing statement rolls everything back and is reported with its
            file, line, SQLSTATE, message and hint. On a terminal it asks before writing unless --yes.
            --mark-applied VERSION records that one file (with its checksum) without running it, like
            `supabase migration repair --status applied`: for the baseline `rls pull` writes.
            """,
        options: Options.self,
        run: { arguments, invocation in
            let migrations = arguments.migrations.path
            if let version = arguments.markApplied {
                return try markApplied(
                    version, files: try MigrationDirectory(path: migrations).files(),
                    migrations: migrations, invocation: invocation)
            }
            var options = ApplyOptions(allowDestructive: arguments.allowDestructive, dryRun: arguments.dryRun)
            options.includeAll = arguments.includeAll
            if let seconds = arguments.lockTimeout { options.lockTimeout = seconds }
            if let seconds = arguments.statementTimeout { options.statementTimeout = seconds }
            // The time reported is the whole apply's, reading, splitting and checking the files
            // included (seconds of a 200 MB file), less only the wait for a confirmation.
            let clock = ContinuousClock()
            let started = clock.now
            var confirming = Duration.zero
            let files = try MigrationDirectory(path: migrations).files()
            let console = invocation.console
            return try invocation.withDatabase { target, connection in
                let status = try connection.migrationStatus(files)
                guard !status.pending.isEmpty || !status.edited.isEmpty else {
                    console.output("Nothing to apply: all \(files.count) migration file(s) are applied.")
                    return .success
                }
                for unknown in status.unknown {
                    console.output("  ? \(unknown.displayName) is recorded as applied but has no file here (deleted or renamed?).")
                }
                let preview = try connection.applyMigrations(files, options: withDryRun(options))
                for file in preview.applied {
                    console.output("  + \(file.displayName) (\(file.statements.count) statements)")
                }
                if options.dryRun {
                    for file in preview.applied {
                        // The text as it is, in writes of its own: a 200 MB file is not copied to be printed.
                        console.output("\n-- \(file.displayName)")
                        console.writeOutput(file.contents)
                        console.output()
                    }
                    try rehearse(files, on: connection, options: options, console: console)
                    console.output(
                        "Dry run: \(preview.applied.count) file(s), \(preview.statementCount) statements would be applied. Nothing was written."
                    )
                    return .success
                }
                if console.isInteractive, !arguments.yes, target.source != .embedded {
                    let asked = clock.now
                    console.writeOutput("Apply \(preview.applied.count) file(s) to \(target)? [y/N] ")
                    guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                        console.output("Nothing applied.")
                        return .failure
                    }
                    confirming = clock.now - asked
                }
                let progress = ApplyProgress()
                let result = try reportingInterruption(of: progress, on: target) {
                    try connection.applyMigrations(files, options: options, progress: progress)
                }
                let elapsed = clock.now - started - confirming
                if result.applied.isEmpty {
                    console.output("Nothing to apply: another `rls apply` applied the files first.")
                } else {
                    console.output(
                        "Applied \(result.applied.count) file(s), \(result.statementCount) statements, in \(elapsed.formattedSeconds).")
                }
                if target.source == .embedded { console.error(DatabaseTarget.throwawayApplyWarning) }
                return .success
            }
        }
    )

    private static func withDryRun(_ options: ApplyOptions) -> ApplyOptions {
        var copy = options
        copy.dryRun = true
        return copy
    }
}

extension Duration {
    /// `0.42 s`.
    var formattedSeconds: String {
        let milliseconds = components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
        return "\(milliseconds / 1000).\(String(format: "%02d", (milliseconds % 1000) / 10)) s"
    }
}
