import RLSEmbedded
import RLSMigrations
import RLSPostgres

/// A named piece of SQL to run on a throwaway database: a migration file, or the DSL's rendering.
///
/// The name appears in errors: `Migrations/20261122093000_init.sql failed: …`.
public struct SQLScript: Sendable, Equatable {
    /// Where the SQL came from, for messages (a file path or `the DSL's schema`).
    public var name: String
    /// The SQL text, any number of statements.
    public var sql: String

    /// Creates a script.
    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }

    /// A migration file, named by its path.
    public init(_ file: MigrationFile) {
        self.init(name: file.path, sql: file.contents)
    }
}
