import Foundation
import RLSEmbedded
import RLSMigrations

/// For each database a plan read, the ``CatalogFingerprint`` of its last full introspection and
/// the ``CatalogStamp`` taken just before it, kept on disk (one small file per database) so that a
/// plan of an unchanged database compares the stamp instead of reading the whole catalog again.
///
/// The stamp is read before the catalog: a change that lands between the two leaves a stored stamp
/// older than the stored fingerprint, so the next plan sees another stamp and reads everything.
struct KnownTargetCache {
    /// Bumped whenever the stamp query or the fingerprint changes meaning.
    static let formatVersion = 2

    let directory: String

    /// The fingerprint stored for `stamp`, or nil when the database was last read at another stamp.
    func fingerprint(at stamp: CatalogStamp) -> String? {
        guard let data = FileManager.default.contents(atPath: path(stamp)) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        guard lines.count == 2, lines[0] == key(stamp) else { return nil }
        return String(lines[1])
    }

    /// Stores `fingerprint` as what the database read at `stamp`, replacing its previous entry.
    func remember(_ fingerprint: String, at stamp: CatalogStamp) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try? Data((key(stamp) + "\n" + fingerprint).utf8).write(to: URL(fileURLWithPath: path(stamp)), options: .atomic)
    }

    private func key(_ stamp: CatalogStamp) -> String {
        SHA256.hexDigest(of: "\(Self.formatVersion)\u{1F}\(IntrospectionQuery.fingerprint)\u{1F}\(stamp.identity)\u{1F}\(stamp.stamp)".utf8)
    }

    private func path(_ stamp: CatalogStamp) -> String {
        (directory as NSString).appendingPathComponent("target-\(String(ClusterTemplate.fnv1a(stamp.identity), radix: 16)).stamp")
    }
}
