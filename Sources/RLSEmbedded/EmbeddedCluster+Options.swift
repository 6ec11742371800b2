import Foundation
import RLSPostgres

extension EmbeddedCluster {
    /// How to start an embedded cluster.
    public struct Options: Sendable {
        /// Default privileges of the `postgres` database (``DefaultPrivileges/none`` as on Supabase since 2026-10-30).
        public var defaultPrivileges: DefaultPrivileges
        /// Where clusters, their sockets and the cached template live.
        public var baseDirectory: String
        /// Stop and delete the cluster on SIGINT or SIGTERM (see ``EmbeddedCluster/stopAllOnSignal()``).
        public var stopOnSignal: Bool
        /// The directory of the server programs (`initdb`, `postgres`) to start; nil to look in `PG_BIN`,
        /// `PATH`, then `/usr/lib/postgresql/*/bin`.
        public var serverBinaries: String?

        /// Options with defaults: no default privileges, ``defaultBaseDirectory``, stop on signal, the installed server.
        public init(
            defaultPrivileges: DefaultPrivileges = .none,
            baseDirectory: String = Options.defaultBaseDirectory,
            stopOnSignal: Bool = true,
            serverBinaries: String? = nil
        ) {
            self.serverBinaries = serverBinaries
            self.defaultPrivileges = defaultPrivileges
            self.baseDirectory = baseDirectory
            self.stopOnSignal = stopOnSignal
        }

        /// `RLS_EMBEDDED_DIR` when set; else the first of these that is this user's or does not exist yet:
        /// `$XDG_RUNTIME_DIR/rls-embedded` (not as root: the server account cannot enter root's runtime
        /// directory), `/dev/shm/rls-embedded-u<uid>` when that memory file system has room (copying the
        /// template there is about ten times faster than to disk), then `~/.cache/rls/embedded` or, as
        /// root, `/var/tmp/rls-embedded-u0`. Each is made private on use (``PrivateDirectory``).
        public static var defaultBaseDirectory: String {
            let environment = ProcessInfo.processInfo.environment
            if let configured = environment["RLS_EMBEDDED_DIR"], !configured.isEmpty {
                return configured
            }
            let uid = geteuid()
            var candidates: [String] = []
            if uid != 0, let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), PrivateDirectory.isUsable(runtime) {
                candidates.append(runtime + "/rls-embedded")
            }
            if availableBytes(at: "/dev/shm") >= 1 << 30, access("/dev/shm", W_OK) == 0 {
                candidates.append("/dev/shm/rls-embedded-u\(uid)")
            }
            if uid != 0 {
                candidates.append(NSHomeDirectory() + "/.cache/rls/embedded")
            }
            candidates.append("/var/tmp/rls-embedded-u\(uid)")
            // Another user can create any of these names first; such a directory is passed over, not used.
            return candidates.first(where: PrivateDirectory.isUsable) ?? candidates.last!
        }

        private static func availableBytes(at path: String) -> UInt64 {
            var info = statvfs()
            guard statvfs(path, &info) == 0 else { return 0 }
            return UInt64(info.f_bavail) * UInt64(info.f_frsize)
        }
    }
}
