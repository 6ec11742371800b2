import RLSCheck
import RLSDatabase
import RLSPlan
import RLSSQL

/// `rls plan`: pending migrations and drift, read-only.
enum PlanCommand {
    enum Format: String, ArgumentChoice { case text, json }

    struct Options: CommandOptions {
        var exitCode = false
        var format = Format.text
        var migrations = MigrationsOption()
        var access = false
        var accessOutput = AccessDiffOutput()
        var readTimeouts = ReadTimeoutOptions()
        var scratch = ScratchOption()

        static let arguments: [Argument<Self>] =
            [
                .flag("exit-code", \.exitCode, help: "Exit 0 when there is nothing to do, 2 when there are changes, 1 on error."),
                .value("format", \.format, help: "text (default) or json."),
            ] + MigrationsOption.arguments(in: \Self.migrations) + [
                .flag("access", \.access, help: "Also show what applying would change in access (runs rls check's probes, rolled back).")
            ] + AccessDiffOutput.arguments(in: \Self.accessOutput) + ReadTimeoutOptions.arguments(in: \Self.readTimeouts)
            + ScratchOption.arguments(in: \Self.scratch)
    }

    static let command = Command(
        "plan",
        summary: "Show pending migrations and drift between the database and the schema (read-only).",
        discussion: """
            Reads the target database in a READ ONLY transaction (no locks beyond catalog reads, no writes) and
            lists the migration files not yet applied, then any drift: what differs between the database as it
            would be after those files and the compiled-in schema, object by object (+ create, ~ change,
            - drop) with the SQL. Drift is what someone changed by hand (a policy edited in the dashboard) or
            what no migration holds yet (run `rls diff NAME`). With pending files, it also replays every file
            on a throwaway database and lists where the result would still differ from the schema, so a
            pending migration that, say, disables row level security cannot pass unnoticed, and lists what the pending
            files create that the database already holds (apply would fail on it). Rows that the pending files insert at
            their very end (INSERT ... VALUES of literals into tables on which no trigger, rule or function of the
            project runs) are left out of that replay: they cannot change the schema, and a failure among them (a
            duplicate key) shows in rls apply --dry-run, not here. The schema's catalog is computed on a throwaway local
            database once and cached under .rls/cache, keyed by its SQL; after an edit, only the statements the edit
            touches run again, from the version cached last, and the whole schema runs only where that cannot be sure
            (Docs/PERFORMANCE.md).

            --access (implied by the other --access options and by --fail-on-widening): when anything is pending or
            drifted, also shows what applying would change in access, printed as sentences ("authenticated loses DELETE
            on public.listing (own rows)"). With migration files pending, that is what rls apply will run: rls check's
            probes on the migration files replayed on throwaway databases without and with the pending files (with the
            target's default privileges), so a hand-written file is judged by what it does, not by what the schema
            says. With none pending, the probes run on the target and on a throwaway database holding the schema; like
            rls check, those on the target run in one transaction that is rolled back (not READ ONLY: fixture rows are
            inserted and then discarded). --fail-on-widening exits 1 when a caller gains access on a table without
            .expectsWidening("reason"). See Docs/CI.md.
            """,
        options: Options.self,
        run: { arguments, invocation in
            let format = arguments.format
            let scratchURL = arguments.scratch.resolved(invocation.session.environment)
            let cacheDirectory = invocation.directory + "/.rls/cache"
            // A first plan (nothing cached: a fresh CI runner) against a running database builds the
            // schema's state on a throwaway cluster for certain: it starts now, while the schema
            // renders and the database connects.
            let early =
                scratchURL == nil && invocation.targetsRunningServer && Drift.cachesNoDesiredState(cacheDirectory)
                ? ScratchCluster.startingNow() : nil
            defer { early?.stop() }
            // Before connecting: a schema error is reported alone.
            let desiredSQL = try renderValidated(invocation.schema)
            // A first plan splits the schema's statements for its build while the database connects.
            let memo = PlanningMemo()
            if Drift.cachesNoDesiredState(cacheDirectory) { memo.splitSoon(desiredSQL) }
            let files = try MigrationDirectory(path: arguments.migrations.path).filesIfPresent()
            let (database, plan) = try invocation.withDatabase(readTimeouts: arguments.readTimeouts.timeouts, scratchURL: scratchURL) {
                target, connection in
                // One scratch cluster at most, started only if the cache cannot answer.
                try target.withScratchCluster(scratchURL: scratchURL, startedEarly: early) { scratch in
                    (
                        target.description,
                        try DatabasePlan.make(
                            invocation.schema, desiredSQL: desiredSQL, migrations: files, on: connection, scratch: scratch,
                            cacheDirectory: cacheDirectory,
                            includingAccess: arguments.access || arguments.accessOutput.isRequested, memo: memo)
                    )
                }
            }
            let report = PlanReport(database: database, plan: plan)
            switch format {
            case .json: invocation.console.output(try report.json())
            default: report.printText(to: invocation.console)
            }
            if let access = plan.access {
                if format == .text { invocation.console.output() }
                if try arguments.accessOutput.emit(access, invocation) == .failure { return .failure }
            }
            if !report.status.edited.isEmpty { return .failure }
            if arguments.exitCode { return report.hasChanges ? .changesPending : .success }
            return .success
        }
    )
}
