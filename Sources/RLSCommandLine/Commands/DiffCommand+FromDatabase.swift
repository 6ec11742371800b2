import RLSCatalog
import RLSDatabase
import RLSPlan
import RLSSQL

extension DiffCommand {
    /// Writes the migration from the target database to the schema, after checking that every file in
    /// the folder is applied there and that the new file replays cleanly after them.
    static func fromDatabase(
        name: String, migrations: String, readTimeouts: ReadTimeouts, scratchURL: String?, invocation: Invocation
    ) throws -> ExitCode {
        let desiredSQL = try renderValidated(invocation.schema)
        let directory = MigrationDirectory(path: migrations)
        let files = try directory.filesIfPresent()
        let console = invocation.console
        let plan: ChangePlan? = try invocation.withDatabase(readTimeouts: readTimeouts) { target, connection in
            let status = try connection.migrationStatus(files)
            guard status.pending.isEmpty else {
                throw CommandError(
                    """
                    \(status.pending.count) file(s) in \(directory.path)/ are not applied to \(target) \
                    (\(status.pending.map(\.fileName).joined(separator: ", "))). Apply them, or record a baseline \
                    the database holds with `rls apply --mark-applied VERSION`, then diff again.
                    """)
            }
            let privileges = try connection.introspectCatalog().publicTableDefaults
            return try target.withScratchCluster(scratchURL: scratchURL) { scratch in
                let plan = try Drift.plan(
                    target: connection, desiredSQL: desiredSQL, scratch: try scratch.cluster(),
                    defaultPrivileges: privileges, leavingOut: invocation.schema.undeclared)
                guard !plan.isEmpty else { return nil }
                // The file must also replay after the earlier ones on a fresh database (CI, a new developer).
                let replay = files.map(SQLScript.init) + [SQLScript(name: "the new migration \(name)", sql: plan.sql)]
                _ = try ScratchDatabase.catalog(applying: replay, in: try scratch.cluster(), defaultPrivileges: privileges)
                return plan
            }
        }
        guard let plan else {
            console.output("No difference: the database already matches the schema. Nothing written.")
            return .success
        }
        let header = """
            -- Migration \(name), written by `rls diff --from-database`: from the database as it is to the schema.
            -- \(plan.summary). Review it, then apply with `rls apply`.


            """
        let file = try directory.write(name: name, sql: header + plan.sql)
        console.output("Wrote \(file.path.escapedForDisplay): \(plan.summary).")
        for change in plan.changes { console.output("  \(change.summary.escapedForDisplay)") }
        if plan.isDestructive { console.output("It drops data: `rls apply` will need --allow-destructive.") }
        return .success
    }
}
