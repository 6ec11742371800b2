import Foundation
import RLSCheck
import RLSDatabase

/// `rls check`: prove the access plans by impersonating anon, signed-in users and service_role.
enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Prove the access plans by impersonating anon, signed-in users and service_role.",
        usage: "check [--format text|tap|json] [--junit FILE] [--statement-timeout DURATION] [--deployed-only] [--migrations DIR]",
        discussion: """
            Inserts two users (alice, bob) into auth.users and one fixture row per user into every table, then runs
            SELECT/INSERT/UPDATE/DELETE probes as anon, alice, bob and service_role (with members plans also one member of
            alice's group per role and carol, an outsider; with two-factor, anonymous or app-role plans the matching
            sign-ins; with .updatable(only:) one probe per other column), and the scenario checks, all in one
            transaction that is rolled back: the database is left byte-for-byte unchanged. Each outcome is compared
            with the declared access plans: denied by a missing grant, filtered by RLS, rejected by WITH CHECK, or allowed.
            Roles the schema denies by grant are also probed with the grant added inside the probe's savepoint, so the
            policies must hold on their own. Exits 1 on any mismatch.

            Given a database, first says whether it differs from the schema (as `rls plan` would), since the
            matrix shows the database as it is. With no database URL, builds a throwaway Supabase-shaped database from Migrations/*.sql (or, while there are
            none, from the schema's SQL) and checks that. See Docs/CHECK.md.
            """,
        options: [
            .value("format", "FORMAT", help: "text (the matrix, default), tap (TAP version 13) or json."),
            .value("junit", "FILE", help: "Also write JUnit XML to FILE for CI test reports."),
            .value("statement-timeout", "DURATION", help: "statement_timeout for every probe (default 10s), so a bad policy cannot hang CI."),
            .flag("deployed-only", help: "Skip the policies-only probes (grant added inside the probe's savepoint)."),
            .migrations,
        ],
        run: { invocation in
            let format = try OutputFormat(invocation.arguments.value("format"), allowed: [.text, .tap, .json])
            let timeout = try invocation.arguments.duration("statement-timeout") ?? .seconds(10)
            let options = CheckOptions(
                statementTimeout: "\(timeout.settingMilliseconds)ms",
                probesPoliciesOnly: !invocation.arguments.flag("deployed-only"))
            let report = try invocation.withDatabase { target, connection in
                let note = target.source == .embedded
                    ? try MigrationReplay.apply(
                        invocation.migrationsPath, orRendering: invocation.schema, on: connection)
                    : try driftNote(invocation, target: target, connection: connection)
                var report = try AccessCheck.run(invocation.schema, scenarios: invocation.scenarios, on: connection, options: options)
                report.notes = [note].compactMap { $0 } + report.notes
                return report
            }
            if let path = invocation.arguments.value("junit") {
                try JUnitReport(report).text.write(toFile: path, atomically: true, encoding: .utf8)
            }
            switch format {
            case .tap: invocation.console.writeOutput(TAPReport(report).text)
            case .json: invocation.console.writeOutput(JSONReport(report).text)
            case .text: invocation.console.output(MatrixReport(report).text)
            }
            return report.passed ? .success : .failure
        }
    )
}
