import RLSPostgres

/// A row of the migration history: a version the database says was applied.
public struct AppliedMigration: Sendable, Equatable {
    /// The version (14-digit timestamp) recorded in `supabase_migrations.schema_migrations`.
    public var version: String
    /// The name recorded beside it, if any.
    public var name: String?
    /// The SHA-256 rls recorded when it applied the file; `nil` when another tool (the Supabase
    /// CLI) applied it, in which case the file is accepted as it is.
    public var checksum: String?

    /// A history row.
    public init(version: String, name: String? = nil, checksum: String? = nil, statements: [String]? = nil) {
        self.version = version
        self.name = name
        self.checksum = checksum
        self.statements = statements
    }

    /// The statements the Supabase CLI recorded, read only when no checksum is (so a CLI-applied
    /// file can still be checked for edits); nil otherwise.
    public var statements: [String]?
}

extension AppliedMigration {
    /// `20261122153000_add_saved.sql` as the file would be named (just the version when no name is
    /// recorded), escaped for printing: names in the history come from whoever wrote it.
    public var displayName: String {
        (name.map { "\(version)_\($0).sql" } ?? version).escapedForDisplay
    }
}
