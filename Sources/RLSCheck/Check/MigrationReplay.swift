import Foundation
import RLSDatabase
import RLSModel
import RLSSQL

/// Builds a throwaway database the way CI should check it: by replaying `Migrations/*.sql` in
/// file-name order, each file in its own transaction, so the check proves the migrations and not
/// just the DSL. With no migration files yet, applies the schema's rendered SQL and says so.
public enum MigrationReplay {
    /// Applies the migrations in `directory` (or `schema`'s SQL) to `connection`; returns a note for the report.
    public static func apply(_ directory: String, orRendering schema: Schema, on connection: Connection) throws -> String {
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".sql") }.sorted()
        guard !files.isEmpty else {
            try connection.execute("begin;\n" + render(schema) + "\ncommit;")
            return "\(directory)/ has no migration files yet: checked the schema's rendered SQL (rls sql) on a throwaway database"
        }
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file)
            let sql = try String(contentsOfFile: path, encoding: .utf8)
            do {
                try connection.transaction { try $0.execute(sql) }
            } catch let error as DatabaseError {
                throw CheckError("migration \(path) failed on the throwaway database: \(error.message); fix the file, then run rls check again")
            }
        }
        return "built a throwaway database from \(directory)/ (\(files.count) file\(files.count == 1 ? "" : "s")) and checked it"
    }
}
