import RLSMigrations
import RLSModel
import RLSPostgres

/// An extension that a `create extension` asks for and the local PostgreSQL, which builds the
/// throwaway databases of `plan`, `diff` and `check`, does not have (`vector`, `http`, `pg_net`):
/// the error names it and the two ways out instead of repeating the server's words.
struct MissingExtension {
    /// The extension's name.
    let name: String

    /// Debian and Ubuntu package names (`postgresql-<major>-<suffix>`) that differ from the extension's.
    private static let packageSuffixes = ["vector": "pgvector", "postgis": "postgis-3", "pg_cron": "cron", "pg_repack": "repack"]

    /// The extension `statement` creates, when it failed because the server lacks it (SQLSTATE
    /// 0A000 `extension "vector" is not available`, or 58P01 for its control file); nil otherwise.
    init?(_ statement: String, _ error: DatabaseError) {
        guard error.state == .featureNotSupported || error.state == .undefinedFile else { return nil }
        let tokens = SQLScanner.tokens(in: statement)
        guard tokens.count > 2, tokens[0].isWord("CREATE"), tokens[1].isWord("EXTENSION") else { return nil }
        let skipped = tokens.count > 5 && tokens[2].isWord("IF") && tokens[3].isWord("NOT") && tokens[4].isWord("EXISTS") ? 5 : 2
        let token = tokens[skipped]
        guard token.kind == .word || token.kind == .quotedIdentifier else { return nil }
        name = token.kind == .word ? token.text.lowercased() : token.text
    }

    /// What happened and what to do next, for a server of major version `major`.
    func message(script: String, line: Int, major: Int) -> String {
        let suffix = Self.packageSuffixes[name] ?? name.replacingOccurrences(of: "_", with: "-")
        return
            "\(script.escapedForDisplay) line \(line): extension \(name.escapedForDisplay) is not installed in the local PostgreSQL "
            + "\(major) that builds throwaway databases. Install its server package (on Debian and Ubuntu "
            + "postgresql-\(major)-\(suffix.escapedForDisplay), from apt.postgresql.org where the distribution has none) and run again, "
            + "or build the throwaway databases on a server that has it: --scratch-url URL or RLS_SCRATCH_URL, for example the "
            + "database `supabase start` runs (its role needs CREATEDB; see Docs/ADOPTING.md)."
    }
}
