import Foundation
import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// Removes templates left by other server binaries or Supabase shapes (an rls upgrade, another
/// PostgreSQL) that nobody has used for a while: each is about 54 MB, in memory when the base is
/// in `/dev/shm`. A template whose server programs are gone or were replaced (recorded in its
/// ``binariesFile``) can never be used again: it goes once unused for ``orphanKeptFor``, not a week
/// (a test suite that copies the server programs left one per run, 3.5 GB of memory in a day).
///
/// A template counts as used when an rls ensured it (``ClusterTemplate`` touches its `ready` file)
/// or copied it (`cp` reads `data/PG_VERSION`, which moves its access time on a `relatime` mount):
/// the second keeps the template of an older rls that does not touch `ready` alive while it is
/// still run. Half-built templates (`building-*`) are ``AbandonedClusters``' business.
enum UnusedTemplates {
    /// How long a template nobody uses is kept: long enough that a project pinned to another rls
    /// version, used once a week, does not rebuild its template every time.
    static let keptFor: TimeInterval = 7 * 24 * 3600
    /// How long a template whose server programs are gone is kept: long enough for a copy that
    /// started before they went to finish.
    static let orphanKeptFor: TimeInterval = 600
    /// The file in a template naming the server programs that built it (``ServerBinaries/fingerprint``).
    static let binariesFile = "binaries"

    /// Removes from `base` our templates other than `current` last used more than `unusedFor` ago,
    /// and what an interrupted removal left. Errors are ignored: it is housekeeping.
    static func sweep(base: String, current: String, account: ServerAccount?, unusedFor age: TimeInterval = keptFor) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        let now = Date()
        for entry in entries {
            let directory = "\(base)/\(entry)"
            // Another user's entry is neither trusted nor touched.
            guard directory != current, PrivateDirectory.isOurs(directory, account: account) else { continue }
            if entry.hasPrefix("template-u\(geteuid())-"), let used = lastUse(directory),
                now.timeIntervalSince(used) > (isOrphaned(directory) ? min(age, orphanKeptFor) : age)
            {
                remove(directory, in: base)
            } else if entry.hasPrefix("removing-"), isLeftOver(entry) {
                try? FileManager.default.removeItem(atPath: directory)
            }
        }
    }

    /// Whether the server programs that built the template at `directory` are gone or were
    /// replaced; false where it does not say which built it (an older rls's template).
    static func isOrphaned(_ directory: String) -> Bool {
        guard let recorded = try? String(contentsOfFile: directory + "/" + binariesFile, encoding: .utf8) else { return false }
        return !ServerBinaries.stillInstalled(recorded)
    }

    /// The latest of: `ready` touched, `data/PG_VERSION` read, the directory changed. Nil when none
    /// can be read, and then the directory is left alone.
    static func lastUse(_ directory: String) -> Date? {
        func time(_ path: String, _ field: (stat) -> timespec) -> Date? {
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            let time = field(info)
            return Date(timeIntervalSince1970: TimeInterval(time.tv_sec) + TimeInterval(time.tv_nsec) / 1e9)
        }
        return [time(directory + "/ready", \.st_mtim), time(directory + "/data/PG_VERSION", \.st_atim), time(directory, \.st_mtim)]
            .compactMap { $0 }.max()
    }

    /// Renames the template away first, so no one finds a half-deleted template with its `ready`
    /// still in place, then deletes it.
    private static func remove(_ directory: String, in base: String) {
        let removing = "\(base)/removing-\(getpid())-\(String(UInt32.random(in: 0...UInt32.max), radix: 16))"
        guard rename(directory, removing) == 0 else { return }
        try? FileManager.default.removeItem(atPath: removing)
    }

    /// True for `removing-<pid>-…` whose process has ended before finishing the removal.
    private static func isLeftOver(_ entry: String) -> Bool {
        let parts = entry.split(separator: "-")
        guard parts.count > 1, let pid = Int32(parts[1]) else { return false }
        return !ProcessLiveness.isAlive(pid)
    }
}
