import Foundation
import RLSDatabase
import RLSModel
import Synchronization

extension AccessSnapshot {
    /// Numbers the throwaway databases this process probes, so two never share a name: a name
    /// source that no result depends on.
    private static let counter = Atomic<Int>(0)

    /// Who can do what on a throwaway database in `cluster` that `build` prepares: migration files
    /// replayed with `rls apply`'s machinery, or a schema's SQL. The database is dropped afterwards.
    /// `defaultPrivileges` are the grants a new table gets there: the target's, when the files are to
    /// be compared with what applying them to it does (an older project grants new tables to the API
    /// roles, so a hand-written `create table` widens access there).
    ///
    /// ```swift
    /// let before = try AccessSnapshot.probe(schema, applying: files, in: cluster)
    /// ```
    public static func probe(
        _ schema: Schema, applying files: [MigrationFile], in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none
    ) throws -> AccessSnapshot {
        try probe(schema, in: cluster, defaultPrivileges: defaultPrivileges) { connection in
            if !files.isEmpty { _ = try connection.applyMigrations(files, options: ApplyOptions(allowDestructive: true)) }
        }
    }

    /// Who can do what on a throwaway database holding `sql` (one transaction).
    public static func probe(_ schema: Schema, applyingSQL sql: String, in cluster: EmbeddedCluster) throws -> AccessSnapshot {
        try probe(schema, in: cluster) { try $0.execute("begin;\n" + sql + "\ncommit;") }
    }

    private static func probe(
        _ schema: Schema, in cluster: EmbeddedCluster, defaultPrivileges: DefaultPrivileges = .none,
        build: (Connection) throws -> Void
    ) throws -> AccessSnapshot {
        let name = "rls_access_\(getpid())_\(counter.add(1, ordering: .relaxed).newValue)"
        let url = try cluster.createDatabase(name, defaultPrivileges: defaultPrivileges)
        defer { try? cluster.dropDatabase(name) }
        let connection = try Connection(url: url)
        defer { connection.close() }
        try build(connection)
        return try probe(schema, on: connection)
    }
}
