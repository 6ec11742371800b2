import RLSDatabase
import RLSPull

/// `rls pull`: the database read into Swift DSL source and an exact baseline migration.
enum PullCommand {
    struct Options: CommandOptions {
        var output = "Policies"
        var name = "App"
        var force = false
        var data: [String] = []
        var migrations = MigrationsOption()
        var readTimeouts = ReadTimeoutOptions()

        static let arguments: [Argument<Self>] =
            [
                .value("output", "DIR", short: "o", \.output, help: "Folder for the Swift files (default: Policies)."),
                .value("name", "NAME", \.name, help: "Name of the Swift enum holding the schema (default: App)."),
                .flag(
                    "force", \.force,
                    help: "Replace Swift files that already exist, and write a baseline into a non-empty migrations folder."),
                .repeated(
                    "data", "TABLE", \.data,
                    help: "Also carry the rows of TABLE (schema.table) into the baseline: configuration rows functions read. Repeatable."),
            ] + MigrationsOption.arguments(in: \Self.migrations) + ReadTimeoutOptions.arguments(in: \Self.readTimeouts)
    }

    static let command = Command(
        "pull",
        summary: "Read the database into Swift DSL source and a baseline migration.",
        discussion: """
            Reads every user schema of the target database (read-only, one snapshot), plus the triggers on
            auth.users, and writes it as Swift into DIR (default: Policies): NAME.swift with the schema, one
            file per table, and files for types, functions and views. Policies stay exactly as written; those
            with a common Supabase shape (auth.uid() = user_id, using (true), ownership through a parent)
            carry a comment naming the access plan that means the same. Grants that are not what the policies
            imply (the legacy grants to every API role), RLS switched off and missing indexes are written
            out, so the Swift describes the database as it is. It also writes
            Migrations/<timestamp>_baseline.sql, which recreates the database exactly; record it as applied
            there with `rls apply --mark-applied VERSION`. Rows are not part of it, except those of the tables
            named with --data TABLE (configuration rows functions read); tables that functions read are named
            as candidates. What could not be expressed is listed at the end and
            in a comment in NAME.swift. Text from the database reaches the Swift only inside string literals
            (exact) and comments (one line each, line breaks and control characters escaped). Refuses to replace
            existing Swift files unless --force.
            """,
        options: Options.self,
        run: { options, invocation in
            let (folder, name, force) = (options.output, options.name, options.force)
            guard SwiftIdentifier.isTypeName(name) else {
                throw UsageError(
                    "--name takes a Swift type name such as MyApp (letters, digits and _, starting with a letter), not '\(name.escapedForDisplay)'"
                )
            }
            let migrations = MigrationDirectory(path: options.migrations.path)
            if !force, !(try migrations.filesIfPresent()).isEmpty {
                throw CommandError(
                    """
                    \(migrations.path)/ already holds migrations; a baseline belongs first. \
                    Pull into another folder with --migrations DIR, or pass --force to add it anyway.
                    """)
            }
            let pull = try invocation.withDatabase(readTimeouts: options.readTimeouts.timeouts) { target, connection in
                try Pull(connection: connection, name: name, origin: target.description, data: options.data)
            }
            let existing = pull.existingFiles(in: folder)
            if !force, !existing.isEmpty {
                throw CommandError(
                    """
                    \(folder)/ already holds \(existing.joined(separator: ", ")). \
                    Pull into another folder with --output DIR, or pass --force to replace them.
                    """)
            }
            let baseline = try pull.write(sources: folder, migrations: migrations)
            let console = invocation.console
            console.output(
                "Wrote \(pull.sources.files.count) Swift file(s) to \(folder)/ (enum \(name)): "
                    + "\(pull.pulled.schema.tables.count) table(s), \(pull.pulled.schema.functions.count) function(s), "
                    + "\(pull.pulled.schema.views.count) view(s), \(pull.pulled.schema.triggers.count) trigger(s).")
            console.output("Wrote \(baseline.path): the database as it is.")
            console.output("Record it as applied there: rls apply --mark-applied \(baseline.version)")
            for (table, rows) in pull.referenceData {
                console.output("  with \(rows) row(s) of \(table.escapedForDisplay) (--data)")
            }
            let candidates = ReferenceData.candidates(in: pull.catalog).filter { name in !pull.referenceData.contains { $0.table == name } }
            if !candidates.isEmpty {
                console.output(
                    "Functions read \(candidates.map(\.escapedForDisplay).joined(separator: ", ")); the baseline holds no rows. "
                        + "If they hold configuration the functions need, pull again with --data TABLE for each.")
            }
            printNotes(of: pull, to: console)
            return .success
        }
    )

    /// The list of what could not be expressed natively, after a pull (`rls pull`, `rls init --from-database`).
    static func printNotes(of pull: Pull, to console: Console) {
        guard !pull.pulled.notes.isEmpty else { return }
        console.output("\nNot expressed natively (each note says whether the baseline holds it):")
        // Notes quote SQL: controls escaped, backslashes as written (as in the comment in NAME.swift).
        for note in pull.pulled.notes { console.output("  - \(note.description.escapedForDisplay(doublingBackslashes: false))") }
    }
}
