extension AdopterPackage {
    /// The README of a package made by `rls init --from-database`: it starts with the two commands that
    /// adopt the database (record the baseline it already holds, then prove nothing is left to apply).
    func pulledReadme(baselineVersion version: String) -> String {
        """
        # \(name)

        ```sh
        swift run rls apply --mark-applied \(version)   # record the baseline as applied on DATABASE_URL (which already holds it)
        swift run rls plan --exit-code   # 0: DATABASE_URL, Migrations/ and the Swift schema agree
        ```

        The tables of \(name)'s Supabase database and who may do what with their rows, as Swift code read
        from the database by `rls pull`: [`Sources/Policies/\(typeName).swift`](Sources/Policies/\(typeName).swift)
        and one file per table beside it. `Migrations/\(version)_baseline.sql` recreates the database
        exactly; the database itself already holds it, so record it there without running it (the first
        command above, with `DATABASE_URL` set to the database). `rls plan --exit-code` then exits 0.
        What `rls pull` could not express natively is listed in a comment in `\(typeName).swift` and kept
        in the baseline as it is.

        Needs Swift 6 on Linux and, for the throwaway databases, PostgreSQL's server and libpq:
        `apt-get install libpq-dev pkg-config postgresql`.

        Next, in this order (rls's Docs/ADOPTING.md walks through it):
        1. `swift run rls check`: proves who may do what on a throwaway database built from `Migrations/`.
        2. `swift run rls lint --schema-only`: what the database does unsafely today (legacy grants, RLS off).
        3. Tighten the Swift (access plans instead of raw policies, RLS on), then `swift run rls diff NAME`
           writes the migration, and `swift run rls apply` applies it.
        4. `swift run rls docs` and `swift run rls types`, and commit `Docs/` and `Types/`; push:
           `.github/workflows/rls.yml` runs check, docs, types and lint on every pull request, and `rls plan`
           against the `SUPABASE_DATABASE_URL` secret.

        \(Self.commandTable)

        """
    }
}
