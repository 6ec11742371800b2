import RLSPostgres

/// Compares a file with the statements the Supabase CLI recorded when it applied it
/// (`supabase_migrations.schema_migrations.statements`), for files applied without an rls checksum.
///
/// The CLI splits statements its own way, so both sides are compared as one text with whitespace,
/// semicolons and `--` comment lines left out: a change to what the statements say is an edit; a
/// different split, reindenting or a new comment is not.
enum RecordedStatements {
    /// The edit, when `file` no longer says what `recorded` says; nil when it does or nothing was recorded.
    static func edit(of file: MigrationFile, recorded: [String]?) -> EditedMigration? {
        guard let recorded, !recorded.isEmpty else { return nil }
        let applied = fingerprint(recorded)
        let current = fingerprint(file.statements.map(\.text))
        guard applied != current else { return nil }
        return EditedMigration(version: file.version, fileName: file.fileName, appliedChecksum: applied, currentChecksum: current)
    }

    /// SHA-256 of the statements' meaningful characters.
    static func fingerprint(_ statements: [String]) -> String {
        let text = statements.joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.drop { $0 == " " || $0 == "\t" }.hasPrefix("--") }
            .joined(separator: "\n")
        let meaningful = text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != ";" }
        return SHA256.hexDigest(of: Array(String(String.UnicodeScalarView(meaningful)).utf8))
    }
}
