import Dispatch
import Foundation
import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSPostgres
import Synchronization

/// Desired catalogs kept on disk, keyed by the SQL that produced them, so that an unchanged DSL
/// does not rebuild a throwaway database on every `rls plan`.
///
/// A catalog depends only on the SQL, the Supabase shape and the default privileges of the scratch
/// database, which are all in the key. Unreadable or stale entries are ignored and rewritten. Only
/// the ``kept`` entries used last stay: each holds the schema's statements and catalog, megabytes for a
/// large schema, and every edit of the schema makes a new one.
struct DesiredCatalogCache {
    /// Bumped whenever introspection or the catalog's encoding changes.
    static let formatVersion = 13
    /// How many desired states stay cached: the schema of a few branches, and the one before an edit.
    static let kept = 8

    let directory: String
    /// What this planning run computed already (the SQL's digest): the caller's, passed down.
    let memo: PlanningMemo

    /// The cache under `directory`, for the run that `memo` belongs to (a fresh one: this call's own).
    init(directory: String, memo: PlanningMemo = PlanningMemo()) {
        self.directory = directory
        self.memo = memo
    }

    /// The fingerprint of the cached catalog for `sql`, read without decoding the catalog; nil when
    /// there is none. A target with this fingerprint needs no change.
    func fingerprint(for sql: String, defaultPrivileges: DefaultPrivileges) -> String? {
        fingerprint(forDigest: digest(sql), defaultPrivileges: defaultPrivileges)
    }

    /// ``fingerprint(for:defaultPrivileges:)`` given the SQL's ``digest(_:)``, which reads every byte
    /// of it: computed once when several default privileges are tried.
    func fingerprint(forDigest digest: String, defaultPrivileges: DefaultPrivileges) -> String? {
        let key = key(digest, defaultPrivileges)
        guard let text = FileManager.default.contents(atPath: path(key, "fingerprint")).map({ String(decoding: $0, as: UTF8.self) })
        else { return nil }
        let lines = text.split(separator: "\n")
        // The first line guards against two SQL texts sharing the 64-bit file name.
        guard lines.count == 3, lines[0] == SHA256.hexDigest(of: key.utf8) else { return nil }
        markUsed(key)
        return String(lines[1])
    }

    /// The cached catalog for `sql`; else the one `increment` makes from the entry used last (an
    /// earlier version of the schema: `start` when the caller found it already and it was made for
    /// the same default privileges), stored with its fingerprint unknown until a plan finds a
    /// database that matches it (``learn(_:forDigest:defaultPrivileges:)``), or the base's when the
    /// two run the same statements; else the one `build` makes, stored with its fingerprint and the
    /// statements it split the SQL into (split again here when it gives none).
    ///
    /// With `writes`, the new entry is written on another thread in that group, while the caller
    /// compares; the caller waits for the group.
    func catalog(
        for sql: String, defaultPrivileges: DefaultPrivileges, writes: DispatchGroup? = nil, start: IncrementStart? = nil,
        increment: (_ base: (key: String, statements: [String], catalog: Catalog), _ preparation: DesiredIncrement.Preparation?) throws
            -> (catalog: Catalog, sameStatements: Bool)? = { _, _ in nil },
        build: () throws -> (catalog: Catalog, fingerprint: String, statements: [String]?, parts: [Part]?)
    ) throws -> Catalog {
        let key = key(digest(sql), defaultPrivileges)
        if let entry = entry(at: path(key, "json")), entry.key == SHA256.hexDigest(of: key.utf8) {
            markUsed(key)
            return entry.catalog
        }
        let started = start.flatMap { $0.basis == basis(defaultPrivileges) && $0.sql == sql ? $0 : nil }
        let statements = started?.statements.map(\.text)
        if let base = started.map({ (entry: $0.entry, fingerprint: $0.fingerprint) }) ?? lastUsedEntry(defaultPrivileges),
            let made = try increment((base.entry.key, base.entry.statements, base.entry.catalog), started?.preparation)
        {
            let fingerprint = made.sameStatements ? base.fingerprint : Self.unknownFingerprint
            store(
                [Part(made.catalog)], for: sql, statements: statements, key: key, fingerprint: fingerprint,
                defaultPrivileges: defaultPrivileges,
                writes: writes)
            return made.catalog
        }
        let (catalog, fingerprint, built, parts) = try build()
        store(
            parts ?? [Part(catalog)], for: sql, statements: statements ?? built, key: key, fingerprint: fingerprint,
            defaultPrivileges: defaultPrivileges, writes: writes)
        return catalog
    }

    /// Records `fingerprint` (of a database a plan found nothing to change in) as the fingerprint of
    /// the desired state of `digest`, when that state was made by an increment and has none yet. Any
    /// database read the same way then needs no change either.
    func learn(_ fingerprint: String, forDigest digest: String, defaultPrivileges: DefaultPrivileges) {
        let key = key(digest, defaultPrivileges)
        guard self.fingerprint(forDigest: digest, defaultPrivileges: defaultPrivileges) == Self.unknownFingerprint else { return }
        writeFingerprint(fingerprint, key: key, defaultPrivileges: defaultPrivileges)
    }

    /// The fingerprint of a desired state made by an increment, until a plan learns it: no
    /// database's fingerprint is ever this.
    static let unknownFingerprint = "unknown"

    /// Writes the entry for `sql` (its `statements`, split here when nil) whose catalog is `parts`
    /// joined (``Catalog/union(_:_:)``: the halves a large schema was built in, or the whole); in the
    /// background, in `writes`, when given.
    private func store(
        _ parts: [Part], for sql: String, statements: [String]?, key: String, fingerprint: String,
        defaultPrivileges: DefaultPrivileges, writes: DispatchGroup?
    ) {
        if let writes {
            let cache = self
            DispatchQueue.global().async(group: writes) {
                cache.store(
                    parts, for: sql, statements: statements, key: key, fingerprint: fingerprint, defaultPrivileges: defaultPrivileges,
                    writes: nil)
            }
            return
        }
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        guard
            let data = try? Entry.encoded(
                key: SHA256.hexDigest(of: key.utf8), statements: statements ?? DesiredStatement.split(sql).map(\.text), parts: parts),
            (try? data.write(to: URL(fileURLWithPath: path(key, "json")), options: .atomic)) != nil
        else { return }
        writeFingerprint(fingerprint, key: key, defaultPrivileges: defaultPrivileges)
        prune()
    }

    /// The fingerprint file: the key's digest (against two keys sharing the file name), the
    /// fingerprint, and what an increment's base must share with it (``basis(_:)``).
    private func writeFingerprint(_ fingerprint: String, key: String, defaultPrivileges: DefaultPrivileges) {
        try? Data([SHA256.hexDigest(of: key.utf8), fingerprint, basis(defaultPrivileges)].joined(separator: "\n").utf8)
            .write(to: URL(fileURLWithPath: path(key, "fingerprint")), options: .atomic)
    }

    /// The entry used last that an increment may start from: made for the same default privileges,
    /// Supabase shape and format.
    /// With nil `defaultPrivileges`, the last used for any (where ``incrementStart(to:)`` starts).
    func lastUsedEntry(_ defaultPrivileges: DefaultPrivileges?) -> (entry: Entry, fingerprint: String)? {
        lastUsedEntryAndBasis(defaultPrivileges).map { ($0.entry, $0.fingerprint) }
    }

    /// ``lastUsedEntry(_:)`` and the ``basis(_:)`` it was made for.
    private func lastUsedEntryAndBasis(_ defaultPrivileges: DefaultPrivileges?) -> (entry: Entry, fingerprint: String, basis: String)? {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory) else { return nil }
        let sameBasis: (Substring) -> Bool = { basis in
            defaultPrivileges.map { basis == self.basis($0) } ?? DefaultPrivileges.allCases.contains { basis == self.basis($0) }
        }
        let candidates = names.filter { $0.hasPrefix("desired-") && $0.hasSuffix(".fingerprint") }.compactMap {
            name -> (path: String, fingerprint: String, basis: String, used: Date)? in
            let path = (directory as NSString).appendingPathComponent(name)
            guard let lines = files.contents(atPath: path).map({ String(decoding: $0, as: UTF8.self).split(separator: "\n") }),
                lines.count == 3, sameBasis(lines[2])
            else { return nil }
            return (
                path, String(lines[1]), String(lines[2]),
                (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date ?? .distantPast
            )
        }
        for candidate in candidates.sorted(by: { $0.used > $1.used }) {
            if let entry = entry(at: (candidate.path as NSString).deletingPathExtension + ".json") {
                return (entry, candidate.fingerprint, candidate.basis)
            }
        }
        return nil
    }

    /// The entry stored at `path`, decoded (a few hundred milliseconds at 1,000 tables: an increment's
    /// start decodes it while the target is read).
    private func entry(at path: String) -> Entry? {
        FileManager.default.contents(atPath: path).flatMap { try? JSONDecoder().decode(Entry.self, from: $0) }
    }

    /// Where an increment to a new rendering starts, found before it is needed: the entry used last
    /// (for any default privileges), the new rendering's statements, and what the increment runs.
    struct IncrementStart: Sendable {
        /// The new rendering.
        let sql: String
        /// The entry used last, its fingerprint, and what it was made for (``basis(_:)``).
        let entry: Entry
        let fingerprint: String
        let basis: String
        /// `sql` split into statements.
        let statements: [DesiredStatement]
        /// What an increment from `entry` to `sql` runs.
        let preparation: DesiredIncrement.Preparation
    }

    /// The ``IncrementStart`` for `sql`, or nil when nothing is cached to start from. `rls plan`
    /// finds it while the target database is read, which takes about as long: the new rendering is
    /// split on one thread while the entry used last is decoded on another.
    func incrementStart(to sql: String) -> IncrementStart? {
        let found = Mutex<(statements: [DesiredStatement]?, base: (entry: Entry, fingerprint: String, basis: String)?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let statements = DesiredStatement.split(sql)
                found.withLock { $0.statements = statements }
            } else {
                let base = lastUsedEntryAndBasis(nil)
                found.withLock { $0.base = base }
            }
        }
        let (statements, base) = found.withLock { ($0.statements, $0.base) }
        guard let statements, let base else { return nil }
        return IncrementStart(
            sql: sql, entry: base.entry, fingerprint: base.fingerprint, basis: base.basis, statements: statements,
            preparation: DesiredIncrement.prepared(from: (base.entry.key, base.entry.statements), to: statements))
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

    /// What stands for `sql` in keys: its SHA-256, from ``memo`` when it was computed already.
    func digest(_ sql: String) -> String {
        memo.digest(sql)
    }

    private func key(_ digest: String, _ defaultPrivileges: DefaultPrivileges) -> String {
        "\(basis(defaultPrivileges))|\(digest)"
    }

    /// What a desired state depends on besides the SQL: the format, the catalog queries, the Supabase shape and the
    /// scratch database's default privileges. An increment starts only from an entry sharing it.
    private func basis(_ defaultPrivileges: DefaultPrivileges) -> String {
        "\(Self.formatVersion)|\(IntrospectionQuery.fingerprint)|\(SupabaseShape.version)|\(defaultPrivileges.rawValue)"
    }

    private func path(_ key: String, _ suffix: String) -> String {
        (directory as NSString).appendingPathComponent("desired-\(String(ClusterTemplate.fnv1a(key), radix: 16)).\(suffix)")
    }

    /// A part of an entry's catalog, encoded on a thread of its own from the moment it is made: the
    /// half of a large schema that is read first encodes while the other half still builds (a first
    /// plan of 1,000 tables waited 0.1 s for one encoder after comparing). Stored without the
    /// dependencies of policies and triggers: a diff reads dependencies on its current side only
    /// (and those of desired views, for their order).
    final class Part: Sendable {
        let catalog: Catalog
        private let json: BackgroundWork<Data>

        init(_ catalog: Catalog) {
            self.catalog = catalog
            json = BackgroundWork { try JSONEncoder().encode(catalog.withoutStatementDependencies) }
        }

        /// The part's JSON, once encoded.
        func encoded() throws -> Data { try json.result() }
    }

    /// The stored form: the SQL itself guards against hash collisions.
    ///
    /// The catalog is stored in the ``Part``s it was built in, and joined when read.
    struct Entry: Decodable, Sendable {
        /// The SHA-256 of the entry's key: guards against two keys sharing the 64-bit file name.
        let key: String
        /// The rendering's statements, as `SQLStatement.split` cuts them: an increment's base
        /// (reading them here is much cheaper than splitting the SQL again).
        let statements: [String]
        /// The parts joined.
        let catalog: Catalog

        private enum CodingKeys: String, CodingKey { case key, statements, parts }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            key = try container.decode(String.self, forKey: .key)
            statements = try container.decode([String].self, forKey: .statements)
            let parts = try container.decode([Catalog].self, forKey: .parts)
            guard let first = parts.first,
                let joined = parts.dropFirst().reduce(first as Catalog?, { joined, part in joined.flatMap { Catalog.union($0, part) } })
            else { throw DecodingError.dataCorruptedError(forKey: .parts, in: container, debugDescription: "parts that do not join") }
            catalog = joined
        }

        /// The JSON of an entry: `{"key":…,"statements":[…],"parts":[…]}`, its statements encoded
        /// here while the parts' own threads encode them.
        static func encoded(key: String, statements: [String], parts: [Part]) throws -> Data {
            var data = Data("{\"key\":".utf8) + (try JSONEncoder().encode(key)) + Data(",\"statements\":".utf8)
            data += try JSONEncoder().encode(statements)
            data += Data(",\"parts\":[".utf8) + Data(try parts.map { try $0.encoded() }.joined(separator: Data(",".utf8))) + Data("]}".utf8)
            return data
        }
    }
}
