import Foundation
import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres

/// Desired catalogs kept on disk, keyed by the SQL that produced them, so that an unchanged DSL
/// does not rebuild a throwaway database on every `rls plan`.
///
/// A catalog depends only on the SQL, the Supabase shape and the default privileges of the scratch
/// database, which are all in the key. Unreadable or stale entries are ignored and rewritten. Only
/// the ``kept`` entries used last stay: each holds the schema's SQL and catalog, megabytes for a
/// large schema, and every edit of the schema makes a new one.
struct DesiredCatalogCache {
    /// Bumped whenever introspection or the catalog's encoding changes.
    static let formatVersion = 6
    /// How many desired states stay cached: the schema of a few branches, and the one before an edit.
    static let kept = 8

    let directory: String

    /// The fingerprint of the cached catalog for `sql`, read without decoding the catalog; nil when
    /// there is none. A target with this fingerprint needs no change.
    func fingerprint(for sql: String, defaultPrivileges: DefaultPrivileges) -> String? {
        fingerprint(forDigest: Self.digest(sql), defaultPrivileges: defaultPrivileges)
    }

    /// ``fingerprint(for:defaultPrivileges:)`` given the SQL's ``digest(_:)``, which reads every byte
    /// of it: computed once when several default privileges are tried.
    func fingerprint(forDigest digest: String, defaultPrivileges: DefaultPrivileges) -> String? {
        let key = key(digest, defaultPrivileges)
        guard let text = FileManager.default.contents(atPath: path(key, "fingerprint")).map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        let lines = text.split(separator: "\n")
        // The first line guards against two SQL texts sharing the 64-bit file name.
        guard lines.count == 2, lines[0] == SHA256.hexDigest(of: key.utf8) else { return nil }
        markUsed(key)
        return String(lines[1])
    }

    /// The cached catalog for `sql`, or the one `build` makes (then stored, with its fingerprint).
    func catalog(
        for sql: String, defaultPrivileges: DefaultPrivileges, build: () throws -> (catalog: Catalog, fingerprint: String)
    ) throws -> Catalog {
        let key = key(Self.digest(sql), defaultPrivileges)
        let path = path(key, "json")
        if let data = FileManager.default.contents(atPath: path),
            let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.sql == sql
        {
            markUsed(key)
            return entry.catalog
        }
        let (catalog, fingerprint) = try build()
        // A diff reads dependencies on its current side only (and those of desired views, for their
        // order), so the desired policies and triggers are stored without theirs: a smaller file.
        var stored = catalog
        for index in stored.policies.indices { stored.policies[index].dependencies = [] }
        for index in stored.triggers.indices { stored.triggers[index].dependencies = [] }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(Entry(sql: sql, catalog: stored)) {
            try? data.write(to: URL(fileURLWithPath: path), options: .atomic)
            try? Data((SHA256.hexDigest(of: key.utf8) + "\n" + fingerprint).utf8)
                .write(to: URL(fileURLWithPath: self.path(key, "fingerprint")), options: .atomic)
            prune()
        }
        return catalog
    }

    /// Dates the entry as used now: its fingerprint file's modification time is the entry's last use.
    private func markUsed(_ key: String) {
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path(key, "fingerprint"))
    }

    /// Deletes every entry but the ``kept`` used last (by their fingerprint files' dates); an entry
    /// whose catalog lost its fingerprint file counts as the oldest.
    func prune() {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory) else { return }
        let entries = Set(names.filter { $0.hasPrefix("desired-") }.map { ($0 as NSString).deletingPathExtension })
        func lastUse(_ entry: String) -> Date {
            let attributes = try? files.attributesOfItem(atPath: (directory as NSString).appendingPathComponent(entry + ".fingerprint"))
            return attributes?[.modificationDate] as? Date ?? .distantPast
        }
        let byUse = entries.map { (entry: $0, used: lastUse($0)) }.sorted { ($0.used, $0.entry) > ($1.used, $1.entry) }
        for old in byUse.dropFirst(Self.kept) {
            for suffix in ["json", "fingerprint"] {
                try? files.removeItem(atPath: (directory as NSString).appendingPathComponent("\(old.entry).\(suffix)"))
            }
        }
    }

    /// What stands for `sql` in keys: its SHA-256.
    static func digest(_ sql: String) -> String { SHA256.hexDigest(of: sql.utf8) }

    private func key(_ digest: String, _ defaultPrivileges: DefaultPrivileges) -> String {
        "\(Self.formatVersion)|\(SupabaseShape.version)|\(defaultPrivileges.rawValue)|\(digest)"
    }

    private func path(_ key: String, _ suffix: String) -> String {
        (directory as NSString).appendingPathComponent("desired-\(String(ClusterTemplate.fnv1a(key), radix: 16)).\(suffix)")
    }

    /// The stored form: the SQL itself guards against hash collisions.
    private struct Entry: Codable {
        let sql: String
        let catalog: Catalog
    }
}
