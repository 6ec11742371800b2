import RLSPostgres

/// How the migration files compare with a database's history: what `rls plan` lists and what
/// `rls apply` would do.
///
/// ```swift
/// let status = try connection.migrationStatus(try MigrationDirectory().files())
/// status.pending.map(\.fileName)        // files not yet applied, in order
/// status.edited.map(\.fileName)         // applied files changed since (apply refuses these)
/// status.destructiveStatements          // what needs --allow-destructive
/// ```
public struct MigrationStatus: Sendable, Equatable {
    /// Files not yet applied, sorted by version.
    public var pending: [MigrationFile]
    /// Applied files whose checksum no longer matches the one recorded when they ran.
    public var edited: [EditedMigration]
    /// Every version in the history, sorted.
    public var applied: [AppliedMigration]
    /// Applied versions with no file in the folder (applied from another branch or deleted).
    public var unknown: [AppliedMigration]
    /// Applied files with no recorded checksum (applied by the Supabase CLI): accepted as they are.
    public var unverified: [MigrationFile]

    /// Compares `files` with the history rows `applied`.
    public init(files: [MigrationFile], applied: [AppliedMigration]) {
        let byVersion = Dictionary(applied.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
        let fileVersions = Set(files.map(\.version))
        self.applied = applied.sorted { $0.version < $1.version }
        pending = files.filter { byVersion[$0.version] == nil }
        edited = files.compactMap { file in
            guard let row = byVersion[file.version] else { return nil }
            if row.checksum == nil { return RecordedStatements.edit(of: file, recorded: row.statements) }
            guard let recorded = row.checksum, recorded != file.checksum else { return nil }
            return EditedMigration(
                version: file.version, fileName: file.fileName, appliedChecksum: recorded, currentChecksum: file.checksum)
        }
        unverified = files.filter { byVersion[$0.version] != nil && byVersion[$0.version]?.checksum == nil }
        unknown = self.applied.filter { !fileVersions.contains($0.version) }
    }

    /// Statements in pending files that can lose data; applying them needs `allowDestructive`.
    public var destructiveStatements: [DestructiveStatement] {
        pending.flatMap(\.destructiveStatements)
    }

    /// Pending files older than the newest applied version (typically merged from another branch).
    /// They are applied like any other pending file; the Supabase CLI asks for `--include-all` here,
    /// so a caller may want to say so.
    public var outOfOrder: [MigrationFile] {
        guard let newest = applied.last?.version else { return [] }
        return pending.filter { $0.version < newest }
    }

    /// True when there is nothing to apply and no applied file was edited.
    public var isUpToDate: Bool {
        pending.isEmpty && edited.isEmpty
    }
}
