import RLSDocs

/// `rls docs`: writes `Docs/ACCESS.md` and `Docs/access.html` (who can see what), each cell proven by
/// `rls check`; `--check` fails when the committed pages are stale.
enum DocsCommand {
    struct Options: CommandOptions {
        var check = false
        var docs = "Docs"
        var migrations = MigrationsOption()
        var scratch = ScratchOption()

        static let arguments: [Argument<Self>] =
            [
                .flag("check", \.check, help: "Write nothing; exit 1 when the committed pages are stale (for CI)."),
                .value("docs", "DIR", \.docs, help: "The folder of the pages (default Docs)."),
            ] + MigrationsOption.arguments(in: \Self.migrations) + ScratchOption.arguments(in: \Self.scratch)
    }

    static let command = Command(
        "docs",
        summary: "Generate Docs/ACCESS.md and Docs/access.html: who can see what, proven by rls check.",
        discussion: """
            Describes every table of the compiled-in schema: a matrix of what anyone, a signed-in user, the
            row's owner and the service role may see, add, change and remove, a plain sentence per rule, the
            columns, privileges, the functions and triggers that write to it, and the policy SQL.

            Every cell is first proven by rls check on a throwaway Supabase-shaped database built from
            Migrations/ (never --database-url or DATABASE_URL, so the pages are the same on every machine).
            When a check fails, nothing is written and the command exits 1: the pages never claim what the
            database does not do. The output is deterministic: regenerating without a change gives no diff.

            --check writes nothing and exits 1 when a committed page differs from what would be generated,
            naming the file and the first differing line. access.html names the newest migration version and,
            in a git checkout, the commit it was proven against; the commit alone never makes a page stale
            (it changes with every commit; the proof does not), and a page that differs only in it is not rewritten.
            """,
        options: Options.self,
        run: { options, invocation in
            let folder = options.docs
            let migrations = options.migrations.path
            invocation.console.error("Proving the access rules on a throwaway database built from \(migrations)/ ...")
            var proof = try AccessDocs.proveOnMigrations(
                invocation.schema, scenarios: invocation.scenarios, migrations: migrations,
                scratchURL: options.scratch.resolved(invocation.session.environment))
            proof.commit = GitCommit.describe(in: invocation.directory)
            let pages = try AccessDocs.pages(for: invocation.schema, proof: proof)
            guard options.check else {
                let changed = try AccessDocs.write(pages, to: folder)
                invocation.console.output(changed.isEmpty ? "Docs are up to date." : changed.map { "wrote \($0)" }.joined(separator: "\n"))
                return .success
            }
            let stale = try AccessDocs.stalePages(pages, in: folder)
            for page in stale { invocation.console.error(page.description) }
            guard stale.isEmpty else {
                invocation.console.error("Run '\(invocation.program) docs' and commit the result.")
                return .failure
            }
            invocation.console.output("Docs are up to date.")
            return .success
        }
    )
}
