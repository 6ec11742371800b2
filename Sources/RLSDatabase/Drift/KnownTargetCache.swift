import Foundation
import RLSEmbedded
import RLSMigrations
import RLSModel

/// For each database a plan read, the ``CatalogFingerprint`` of its last full introspection, the
/// ``CatalogStamp`` taken just before it, and the desired states a plan found nothing to change
/// against at that stamp, kept on disk (one small file per database) so that a plan of an unchanged
/// database compares the stamp instead of reading the whole catalog again.
///
/// The stamp is read before the catalog: a change that lands between the two leaves a stored stamp
/// older than what was read, so the next plan sees another stamp and reads everything.
///
/// Why the empty plans and not only the fingerprint: a hosted project's catalog can differ from the
/// throwaway database's in what a plan does not compare (the `postgres` role's own default
/// privileges in `public`, which every project made before 2026-10-30 holds), so its fingerprint
/// never equals the desired state's, though the plan is empty. Equal stamp, same desired state, same
/// rls: the same (empty) plan, without reading anything but the stamp.
struct KnownTargetCache {
    /// Bumped whenever the stamp query, the fingerprint or the file's layout changes meaning.
    static let formatVersion = 3
    /// How many empty-plan verdicts one database keeps at its stamp (a few branches' schemas).
    static let keptVerdicts = 8

    let directory: String

    /// What is stored for the database at `stamp`; nil when it was last read at another stamp.
    struct Entry: Equatable {
        /// The fingerprint of the full read taken right after the stamp.
        var fingerprint: String
        /// ``emptyPlanVerdict(desiredDigest:defaultPrivileges:undeclared:)`` keys of the plans found empty at this stamp.
        var emptyPlans: [String]
    }

    /// The entry stored for `stamp`, or nil when the database was last read at another stamp.
    func entry(at stamp: CatalogStamp) -> Entry? {
        guard let data = FileManager.default.contents(atPath: path(stamp)) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        guard lines.count >= 2, lines[0] == key(stamp) else { return nil }
        return Entry(fingerprint: lines[1], emptyPlans: Array(lines.dropFirst(2)))
    }

    /// The fingerprint stored for `stamp`, or nil when the database was last read at another stamp.
    func fingerprint(at stamp: CatalogStamp) -> String? {
        entry(at: stamp)?.fingerprint
    }

    /// Stores `fingerprint` as what the database read at `stamp`, replacing its previous entry.
    func remember(_ fingerprint: String, at stamp: CatalogStamp) {
        write(Entry(fingerprint: fingerprint, emptyPlans: []), at: stamp)
    }

    /// Records that a plan found nothing to change between the database at `stamp` and the desired
    /// state `verdict` names; nothing when the stored entry is for another stamp or knows it already.
    func rememberEmptyPlan(_ verdict: String, at stamp: CatalogStamp) {
        guard var entry = entry(at: stamp), !entry.emptyPlans.contains(verdict) else { return }
        entry.emptyPlans = Array((entry.emptyPlans + [verdict]).suffix(Self.keptVerdicts))
        write(entry, at: stamp)
    }

    /// What an empty plan depends on besides the target's catalog: the desired SQL (its digest), the
    /// default privileges asked for (nil: the target's own), what the schema leaves out, the catalog
    /// queries and the rls build that compared (a newer rls may compare more).
    static func emptyPlanVerdict(desiredDigest: String, defaultPrivileges: DefaultPrivileges?, undeclared: UndeclaredObjects) -> String {
        let leftOut = [
            undeclared.schemas.sorted().joined(separator: ","),
            undeclared.tables.map { "\($0.schema).\($0.name)" }.sorted().joined(separator: ","),
            undeclared.functions.map { "\($0.schema).\($0.name)" }.sorted().joined(separator: ","),
        ].joined(separator: "|")
        return
            SHA256.hexDigest(
                of: [
                    desiredDigest, defaultPrivileges?.rawValue ?? "target's", leftOut, IntrospectionQuery.fingerprint,
                    String(SupabaseShape.version), buildIdentity,
                ].joined(separator: "\u{1F}").utf8)
    }

    /// The running executable's size and modification time: another build of rls compares afresh.
    static let buildIdentity: String = {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: executable) else { return executable }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(executable)|\(size)|\(modified)"
    }()

    private func write(_ entry: Entry, at stamp: CatalogStamp) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = ([key(stamp), entry.fingerprint] + entry.emptyPlans).joined(separator: "\n")
        try? Data(text.utf8).write(to: URL(fileURLWithPath: path(stamp)), options: .atomic)
    }

    private func key(_ stamp: CatalogStamp) -> String {
        SHA256.hexDigest(of: "\(Self.formatVersion)\u{1F}\(IntrospectionQuery.fingerprint)\u{1F}\(stamp.identity)\u{1F}\(stamp.stamp)".utf8)
    }

    private func path(_ stamp: CatalogStamp) -> String {
        (directory as NSString).appendingPathComponent("target-\(String(ClusterTemplate.fnv1a(stamp.identity), radix: 16)).stamp")
    }
}
