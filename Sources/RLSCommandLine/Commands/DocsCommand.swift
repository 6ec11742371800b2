import RLSDocs

/// `rls docs`: writes `Docs/ACCESS.md` and `Docs/access.html` (who can see what); `--check` fails when they are stale.
enum DocsCommand {
    static let command = Command(
        name: "docs",
        summary: "Generate Docs/ACCESS.md and Docs/access.html: who can see what.",
        usage: "docs [--check] [--docs DIR]",
        discussion: """
            Describes every table of the compiled-in schema: a matrix of what anyone, a signed-in user, the
            row's owner and the service role may see, add, change and remove, a plain sentence per rule, the
            columns, privileges, the functions and triggers that write to it, and the policy SQL. Each cell says
            whether rls check proved it; when a check fails, nothing is written. The output is deterministic:
            regenerating without a change gives no diff. --check writes nothing and exits 1 when a committed
            page differs from what would be generated, naming the file and the first differing line.
            """,
        options: [
            .flag("check", help: "Write nothing; exit 1 when the committed pages are stale (for CI)."),
            .value("docs", "DIR", help: "The folder of the pages. Default: Docs"),
        ],
        run: { invocation in
            let folder = invocation.arguments.value("docs") ?? "Docs"
            let proof = AccessProof.unverified(because: "`rls check` is not built yet")
            let pages = try AccessDocs.pages(for: invocation.schema, proof: proof)
            guard invocation.arguments.flag("check") else {
                let changed = try AccessDocs.write(pages, to: folder)
                invocation.console.output(changed.isEmpty ? "Docs are up to date." : changed.map { "wrote \($0)" }.joined(separator: "\n"))
                return .success
            }
            let stale = try AccessDocs.stalePages(pages, in: folder)
            for page in stale { invocation.console.error(page.description) }
            if stale.isEmpty {
                invocation.console.output("Docs are up to date.")
                return .success
            }
            invocation.console.error("Run 'rls docs' and commit the result.")
            return .failure
        }
    )
}
