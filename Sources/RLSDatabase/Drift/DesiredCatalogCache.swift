import Foundation
import RLSCatalog

/// Desired catalogs kept on disk, keyed by the SQL that produced them, so that an unchanged DSL
/// does not rebuild a throwaway database on every `rls plan`.
///
/// A catalog depends only on the SQL, the Supabase shape and the default privileges of the scratch
/// database, which are all in the key. Unreadable or stale entries are ignored and rewritten.
struct DesiredCatalogCache {
    /// Bumped whenever introspection or the catalog's encoding changes.
    static let formatVersion = 1

    let directory: String

    /// The cached catalog for `sql`, or the one `build` makes (then stored).
    func catalog(for sql: String, defaultPrivileges: DefaultPrivileges, build: () throws -> Catalog) throws -> Catalog {
        let key = "\(Self.formatVersion)|\(SupabaseShape.version)|\(defaultPrivileges.rawValue)|\(sql.utf8.count)|\(sql)"
        let path = (directory as NSString).appendingPathComponent(
            "desired-\(String(ClusterTemplate.fnv1a(key), radix: 16)).json")
        if let data = FileManager.default.contents(atPath: path),
           let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.sql == sql {
            return entry.catalog
        }
        let catalog = try build()
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(Entry(sql: sql, catalog: catalog)) {
            try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
        }
        return catalog
    }

    /// The stored form: the SQL itself guards against hash collisions.
    private struct Entry: Codable {
        let sql: String
        let catalog: Catalog
    }
}
