import Foundation
import RLSPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// The unprivileged account the server runs as when the caller is root.
///
/// `initdb` and `postgres` refuse to run as root, and development machines and CI often are root,
/// so as root the programs run as the `postgres` system user through `setpriv` (or `runuser`).
public struct ServerAccount: Sendable {
    /// The account's user name.
    public let name: String
    let uid: uid_t
    let gid: gid_t

    /// `nil` when not root (the programs then run as the caller); throws when root and no account exists.
    public static func forCurrentUser() throws -> ServerAccount? {
        guard geteuid() == 0 else { return nil }
        guard let entry = getpwnam("postgres") else {
            throw EmbeddedClusterError(
                kind: .noServerAccount,
                message:
                    "Running as root, and PostgreSQL refuses to run as root, but there is no postgres system user. Install the Debian package postgresql (it creates the user) or run as a normal user."
            )
        }
        return ServerAccount(name: "postgres", uid: entry.pointee.pw_uid, gid: entry.pointee.pw_gid)
    }

    /// The command line that runs `executable` as this account. Neither `setpriv` nor `runuser -u`
    /// (without `-l`) adds the caller's environment: the program gets the one it is started with,
    /// ``ChildEnvironment/minimal(from:)``.
    public func wrap(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") {
            // setpriv execs in place, so the process we start is the server itself and its pid is the postmaster's.
            return ("/usr/bin/setpriv", ["--reuid=\(uid)", "--regid=\(gid)", "--init-groups", "--", executable] + arguments)
        }
        return ("/usr/sbin/runuser", ["-u", name, "--", executable] + arguments)
    }

    /// Gives the account a file or directory (not recursive).
    public func own(_ path: String) throws {
        guard chown(path, uid, gid) == 0 else {
            throw EmbeddedClusterError(kind: .fileSystem, message: "Could not give \(path) to the \(name) user (errno \(errno)).")
        }
    }
}

extension Optional where Wrapped == ServerAccount {
    /// The command line for `executable`, as the account when there is one.
    public func wrap(_ executable: String, _ arguments: [String]) -> (String, [String]) {
        switch self {
        case .some(let account): account.wrap(executable, arguments)
        case .none: (executable, arguments)
        }
    }
}
