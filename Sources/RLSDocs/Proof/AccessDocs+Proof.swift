import Foundation
import RLSCheck
import RLSDatabase
import RLSModel

extension AccessDocs {
    /// Runs `rls check` for `schema` (and `scenarios`) on `connection`, which already holds the schema,
    /// and turns its report into the proof the pages are marked with. The check runs in one
    /// transaction that is rolled back: the database is left as it was.
    public static func prove(
        _ schema: Schema, scenarios: [Scenario] = [], on connection: Connection, source: String
    ) throws -> AccessProof {
        let report = try AccessCheck.run(schema, scenarios: scenarios, on: connection)
        return AccessProof(report, schema: schema, source: source)
    }

    /// Starts a throwaway Supabase-shaped cluster, applies the migration files in `migrations` (or,
    /// while there are none, the schema's rendered SQL), proves `schema` on it and stops it again.
    /// Never connects anywhere else, so the pages are the same on every machine; with `scratchURL`
    /// (`--scratch-url`), builds that database on the server there instead, dropped after.
    public static func proveOnMigrations(
        _ schema: Schema, scenarios: [Scenario] = [], migrations: String = "Migrations", scratchURL: String? = nil
    ) throws -> AccessProof {
        let cluster = try scratchURL.map { try EmbeddedCluster.attach(scratchURL: $0) } ?? EmbeddedCluster.start()
        defer { cluster.stop() }
        let url = cluster.isScratchServer ? try cluster.createDatabase("rls_docs_\(getpid())", defaultPrivileges: .none) : cluster.url
        let connection = try Connection(url: url)
        defer { connection.close() }
        // The folder's own reading (never FileManager's listing, which drops names that are not UTF-8).
        let newest = try MigrationDirectory(path: migrations).filesIfPresent().last?.version
        let hasFiles = newest != nil
        _ = try ThrowawayDatabase.apply(migrations, orRendering: schema, on: connection)
        // The folder's own name only: the page must read the same whichever path led to it.
        let folder = URL(fileURLWithPath: migrations).lastPathComponent
        let source =
            hasFiles
            ? "a throwaway Supabase-shaped database built from `\(folder)/`"
            : "a throwaway Supabase-shaped database built from the schema's SQL (`\(folder)/` has no files yet)"
        var proof = try prove(schema, scenarios: scenarios, on: connection, source: source)
        proof.migrationVersion = newest
        return proof
    }
}
