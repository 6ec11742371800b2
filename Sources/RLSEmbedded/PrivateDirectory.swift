import Foundation
import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// A directory only this user (and, when root, the server account) can enter, for clusters, templates
/// and sockets. Another local user must not be able to plant a template (a `trust` pg_hba that runs
/// as us) or a pid file (that makes us signal their choice of process).
///
/// Not root: owner us, mode 0700. Root: owner root, group the server account's, mode 0710 — the
/// `postgres` user may pass through to its own cluster directories, but cannot list or write.
enum PrivateDirectory {
    /// Creates `path` (and missing parents), or checks an existing one: a real directory (not a
    /// symbolic link) owned by us. Loose permissions on our own directory are tightened; a directory
    /// another user owns is refused, naming the fix.
    static func prepare(_ path: String, account: ServerAccount?) throws {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty { try? FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true) }
        if mkdir(path, 0o700) != 0, errno != EEXIST {
            throw EmbeddedClusterError(
                kind: .fileSystem,
                message: "Could not create \(path) (\(String(cString: strerror(errno)))). Set RLS_EMBEDDED_DIR to a directory of your own.")
        }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw EmbeddedClusterError(
                kind: .fileSystem,
                message: "\(path) is not a directory (a symbolic link or a file another user may have planted); rls will not use it. "
                    + "Remove it, or set RLS_EMBEDDED_DIR to a directory of your own.")
        }
        guard info.st_uid == geteuid() else {
            throw EmbeddedClusterError(
                kind: .fileSystem,
                message:
                    "\(path) belongs to another user (uid \(info.st_uid)); rls will not run clusters from a directory someone else controls. "
                    + "Remove it as that user or root, or set RLS_EMBEDDED_DIR to a directory of your own.")
        }
        let wanted: mode_t = account == nil ? 0o700 : 0o710
        if let account, info.st_gid != account.gid, chown(path, geteuid(), account.gid) != 0 {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not give \(path) to group \(account.name) (errno \(errno)).")
        }
        if info.st_mode & 0o7777 != wanted, chmod(path, wanted) != 0 {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not make \(path) private (chmod errno \(errno)).")
        }
    }

    /// True when `path` exists and is usable by ``prepare(_:account:)``, or does not exist yet.
    static func isUsable(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT }
        return info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid()
    }

    /// True when `path` (not followed if a link) belongs to us or to the server account: files in the
    /// private directory that anyone else owns are never used.
    static func isOurs(_ path: String, account: ServerAccount?) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return info.st_uid == geteuid() || info.st_uid == account?.uid
    }
}
