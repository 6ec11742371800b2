import RLSDatabase
import RLSModel
import RLSSQL

/// Builds a throwaway database the way CI should check it: by applying `Migrations/*.sql` with
/// `rls apply`'s machinery (in version order, all-or-nothing, recorded in the history), so the
/// check proves the migrations and not just the DSL. With no migration files yet, applies the
/// schema's rendered SQL and says so.
public enum ThrowawayDatabase {
    /// Applies the migrations in `directory` (or `schema`'s SQL) to `connection`; returns a note for the report.
    ///
    /// Throws ``RLSDatabase/MigrationError`` naming the file and line of a failing statement.
    public static func apply(_ directory: String, orRendering schema: Schema, on connection: Connection) throws -> String {
        let folder = MigrationDirectory(path: directory)
        let files = folder.exists ? try folder.files() : []
        guard !files.isEmpty else {
            try connection.execute("begin;\n" + render(schema) + "\ncommit;")
            return "\(directory)/ has no migration files yet: checked the schema's rendered SQL (rls sql) on a throwaway database"
        }
        // A throwaway database: destructive statements in the history are part of what is proved.
        try connection.applyMigrations(files, options: ApplyOptions(allowDestructive: true))
        return "built a throwaway database from \(directory)/ (\(files.count) file\(files.count == 1 ? "" : "s")) and checked it"
    }
}
