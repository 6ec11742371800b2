import RLSDatabase
import RLSSQL

/// `rls plan`: pending migrations and drift, read-only.
enum PlanCommand {
    static let command = Command(
        name: "plan",
        summary: "Show pending migrations and drift between the database and the schema (read-only).",
        usage: "plan [--exit-code] [--format text|json] [--migrations DIR]",
        discussion: """
            Reads the target database in a READ ONLY transaction (no locks beyond catalog reads, no writes) and
            lists the migration files not yet applied, then any drift: what differs between the database as it
            would be after those files and the compiled-in schema, object by object (+ create, ~ change,
            - drop) with the SQL. Drift is what someone changed by hand (a policy edited in the dashboard) or
            what no migration holds yet (run `rls diff NAME`). With pending files, it also replays every file
            on a throwaway database and lists where the result would still differ from the schema, so a
            pending migration that, say, disables row level security cannot pass unnoticed, and lists what the pending
            files create that the database already holds (apply would fail on it). The schema's catalog is computed on a
            throwaway local database once and cached under .rls/cache, keyed by its SQL.
            """,
        options: [
            .flag("exit-code", help: "Exit 0 when there is nothing to do, 2 when there are changes, 1 on error."),
            .value("format", "FORMAT", help: "text (default) or json."),
            .migrations,
        ],
        run: { invocation in
            let format = try OutputFormat(invocation.arguments.value("format"), allowed: [.text, .json])
            let desiredSQL = try renderValidated(invocation.schema)
            let files = try MigrationDirectory(path: invocation.migrationsPath).filesIfPresent()
            let report = try invocation.withDatabase { target, connection in
                let status = try connection.migrationStatus(files)
                let applied = files.filter { !status.pending.contains($0) }.map(SQLScript.init)
                let pending = status.pending.map(SQLScript.init)
                // One scratch cluster at most, started only if the cache cannot answer.
                return try target.withScratchCluster { scratch in
                    let drift = try Drift.plan(
                        target: connection, desiredSQL: desiredSQL, applied: applied, pending: pending,
                        scratch: try scratch.cluster(), cacheDirectory: invocation.directory + "/.rls/cache",
                        leavingOut: invocation.schema.undeclared
                    )
                    // Drift leaves out what the pending files change. What they change that the schema does
                    // not declare (or fail to change) shows here: the replay of every file against the schema.
                    let afterPending = pending.isEmpty ? nil : try Drift.migrationPlan(
                        migrations: files.map(SQLScript.init), desiredSQL: desiredSQL, scratch: scratch.cluster(),
                        leavingOut: invocation.schema.undeclared
                    )
                    var report = PlanReport(database: target.description, status: status, drift: drift, afterPending: afterPending)
                    report.collisions = try Drift.collisions(
                        target: connection, applied: applied, pending: pending, scratch: try scratch.cluster())
                    return report
                }
            }
            switch format {
            case .json: invocation.console.output(try report.json())
            default: report.printText(to: invocation.console)
            }
            if !report.status.edited.isEmpty { return .failure }
            if invocation.arguments.flag("exit-code") { return report.hasChanges ? .changesPending : .success }
            return .success
        }
    )
}
