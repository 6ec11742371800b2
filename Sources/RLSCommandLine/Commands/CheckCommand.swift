import Foundation
import RLSCheck
import RLSDatabase

/// `rls check`: prove the access plans by impersonating anon, signed-in users and service_role.
enum CheckCommand {
    enum Format: String, ArgumentChoice { case text, tap, json }

    struct Options: CommandOptions {
        var format: Format?
        var junit: String?
        var statementTimeout: Duration?
        var deployedOnly = false
        var allowSideEffects = false
        var explain = false
        var rows: RowCount?
        var connections: ConnectionCount?
        var migrations = MigrationsOption()
        var scratch = ScratchOption()

        static let arguments: [Argument<Self>] =
            [
                .value("format", \.format, help: "text (the matrix, default), tap (TAP version 13) or json."),
                .value("junit", "FILE", \.junit, help: "Also write JUnit XML to FILE for CI test reports."),
                .value(
                    "statement-timeout", \.statementTimeout,
                    help: "statement_timeout for every probe (default 10s), so a bad policy cannot hang CI."),
                .flag(
                    "deployed-only", \.deployedOnly,
                    help: "Skip the policies-only probes (the table granted inside a savepoint that is rolled back)."),
                .flag(
                    "allow-side-effects", \.allowSideEffects,
                    help: "Also fire triggers that call http_*, dblink* or pg_background_launch, which a rollback cannot undo."),
                .value(
                    "connections", \.connections,
                    help: "How many connections run the probes at once, each in its own rolled-back transaction (default 2)."),
                .flag("explain", \.explain, help: "Measure what the policies cost on generated rows instead (see below)."),
                .value("rows", \.rows, help: "With --explain: generated rows per table (default 100000)."),
            ] + MigrationsOption.arguments(in: \Self.migrations) + ScratchOption.arguments(in: \Self.scratch)
    }

    /// `--connections N`: from 1 to 8 connections.
    struct ConnectionCount: ArgumentValue {
        let value: Int

        static var placeholder: String { "N" }

        init(argument: String, option: String) throws(UsageError) {
            guard let count = Int(argument), (1...8).contains(count) else {
                throw UsageError("\(option) wants a number of connections from 1 to 8, such as 2; got '\(argument)'.")
            }
            value = count
        }
    }

    /// `--rows N`: a positive number of generated rows per table.
    struct RowCount: ArgumentValue {
        let value: Int

        static var placeholder: String { "N" }

        init(argument: String, option: String) throws(UsageError) {
            guard let rows = Int(argument.replacingOccurrences(of: "_", with: "")), rows > 0 else {
                throw UsageError("\(option) wants a positive number of rows per table, such as 100000; got '\(argument)'.")
            }
            value = rows
        }
    }

    static let command = Command(
        "check",
        summary: "Prove the access plans by impersonating anon, signed-in users and service_role.",
        discussion: """
            Inserts two users (alice, bob) into auth.users and one fixture row per user into every table, then runs
            SELECT/INSERT/UPDATE/DELETE probes as anon, alice, bob and service_role (with members plans also one member of
            alice's group per role and carol, an outsider; with two-factor, anonymous or app-role plans the matching
            sign-ins; with .updatable(only:) one probe per other column), and the scenario checks, all in one
            transaction that is rolled back: the database is left byte-for-byte unchanged. Each outcome is compared
            with the declared access plans: denied by a missing grant, filtered by RLS, rejected by WITH CHECK, or allowed.
            Roles the schema denies by grant are also probed with the table granted inside a savepoint that is rolled
            back, so the policies must hold on their own. For live tables (.live()) it says who would receive each table's changes
            (Realtime delivers what the subscriber may select); every private channel (.channel(...)) is probed as
            Realtime asks: receive = select, send = insert on realtime.messages with realtime.topic set, on own and
            others' topics; every storage bucket (Bucket(...)) is probed as the storage API asks: upload, read,
            overwrite and delete on storage.objects, in own and others' folders. Exits 1 on any mismatch, and when a
            promised probe could not run (the database refused its grant, or the connecting role may not become the
            persona): nothing was proven for it.

            Probes that would fire a trigger whose function (or a function it calls) makes an HTTP request
            (http, http_get, http_post, ...) or runs dblink, dblink_exec or pg_background_launch do not run, as a rollback
            cannot undo those: the check fails naming the trigger; --allow-side-effects runs them. pg_net's net.http_*
            only queues the request and is rolled back, so it is no side effect.

            Given a database, first says whether it differs from the schema (as `rls plan` would), since the
            matrix shows the database as it is. With no database URL, builds a throwaway Supabase-shaped database from Migrations/*.sql (or, while there are
            none, from the schema's SQL) and checks that. See Docs/CHECK.md.

            --explain measures what the policies cost instead: it loads N generated rows per table (default 100,000,
            over 1,000 users) into the throwaway database and, per table, operation and persona (anon, alice,
            service_role), prints whether the plan reads the table through an index or a sequential scan, whether auth
            functions run once (an initplan) or per row, and the time against service_role running the same filter
            written by hand. Exits 1 when a policy scans every row to find a persona's or calls an auth function per
            row, each printed with its fix. Runs only on the throwaway database. See Docs/PERFORMANCE.md.
            """,
        options: Options.self,
        run: { arguments, invocation in
            if arguments.explain {
                guard arguments.connections == nil else {
                    throw CommandError("--connections goes with the probes; --explain times each plan on one connection.")
                }
                return try explain(arguments, invocation)
            }
            guard arguments.rows == nil else { throw CommandError("--rows goes with --explain.") }
            let format = arguments.format ?? .text
            let timeout = arguments.statementTimeout ?? .seconds(10)
            let options = CheckOptions(
                statementTimeout: timeout,
                probesPoliciesOnly: !arguments.deployedOnly, connections: arguments.connections?.value ?? 2,
                allowsSideEffects: arguments.allowSideEffects)
            // Before the check runs, so a typo in the path does not cost a whole check.
            if let path = arguments.junit { try JUnitReport.requireWritable(path) }
            let scratchURL = arguments.scratch.resolved(invocation.session.environment)
            let report = try invocation.withDatabase(scratchURL: scratchURL) { target, connection in
                let note =
                    target.source == .embedded
                    ? try ThrowawayDatabase.apply(
                        arguments.migrations.path, orRendering: invocation.schema, on: connection)
                    : try driftNote(invocation, target: target, connection: connection, scratchURL: scratchURL)
                // On a database that outlives the command, Ctrl-C names the sequences the check left ahead.
                var options = options
                let progress = CheckProgress()
                options.progress = progress
                var report = try reportingLiveInterruption(on: target, { progress.interruptionReport(signal: $0) }) {
                    try AccessCheck.run(invocation.schema, scenarios: invocation.scenarios, on: connection, options: options)
                }
                report.notes = [note].compactMap { $0 } + report.notes
                return report
            }
            if let path = arguments.junit {
                do {
                    try JUnitReport(report).text.write(toFile: path, atomically: true, encoding: .utf8)
                } catch {
                    throw CommandError("could not write the JUnit report to \(path). Check that its folder exists and is writable.")
                }
            }
            switch format {
            case .tap: invocation.console.writeOutput(TAPReport(report).text)
            case .json: invocation.console.writeOutput(JSONReport(report).text)
            case .text: invocation.console.output(MatrixReport(report).text.linesEscapedForDisplay)
            }
            return report.passed ? .success : .failure
        }
    )

    /// `rls check --explain`: policy cost on generated rows, on a throwaway database only.
    private static func explain(_ arguments: Options, _ invocation: Invocation) throws -> ExitCode {
        let given = [
            ("format", arguments.format != nil), ("junit", arguments.junit != nil),
            ("statement-timeout", arguments.statementTimeout != nil), ("deployed-only", arguments.deployedOnly),
            ("allow-side-effects", arguments.allowSideEffects),
        ]
        for (option, isGiven) in given where isGiven {
            throw CommandError("--\(option) does not go with --explain, which prints one table of plans and times.")
        }
        let rows = arguments.rows?.value ?? 100_000
        let report = try invocation.withDatabase(scratchURL: arguments.scratch.resolved(invocation.session.environment)) {
            target, connection in
            guard target.source == .embedded else {
                throw CommandError(
                    "--explain writes \(rows) generated rows into every table, so it runs only on the throwaway "
                        + "database rls builds from Migrations/: drop --database-url, unset DATABASE_URL, and stop a running "
                        + "dev cluster (rls dev stop).")
            }
            let note = try ThrowawayDatabase.apply(arguments.migrations.path, orRendering: invocation.schema, on: connection)
            invocation.console.error(note)
            return try PolicyCost.run(invocation.schema, on: connection, rowsPerTable: rows)
        }
        invocation.console.output(report.text.linesEscapedForDisplay)
        return report.flagged.isEmpty ? .success : .failure
    }
}
