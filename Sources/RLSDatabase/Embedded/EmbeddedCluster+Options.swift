import Foundation

extension EmbeddedCluster {
    /// How to start an embedded cluster.
    public struct Options: Sendable {
        /// Default privileges of the `postgres` database (``DefaultPrivileges/none`` as on Supabase since 2026-10-30).
        public var defaultPrivileges: DefaultPrivileges
        /// Where clusters, their sockets and the cached template live.
        public var baseDirectory: String
        /// Stop and delete the cluster on SIGINT or SIGTERM (see ``EmbeddedCluster/stopAllOnSignal()``).
        public var stopOnSignal: Bool

        /// Options with defaults: no default privileges, ``defaultBaseDirectory``, stop on signal.
        public init(
            defaultPrivileges: DefaultPrivileges = .none,
            baseDirectory: String = Options.defaultBaseDirectory,
            stopOnSignal: Bool = true
        ) {
            self.defaultPrivileges = defaultPrivileges
            self.baseDirectory = baseDirectory
            self.stopOnSignal = stopOnSignal
        }

        /// `RLS_EMBEDDED_DIR` when set; else `/dev/shm/rls-embedded` when that memory file system has
        /// room (copying the template there is about ten times faster than to disk); else `/tmp/rls-embedded`.
        public static var defaultBaseDirectory: String {
            if let configured = ProcessInfo.processInfo.environment["RLS_EMBEDDED_DIR"], !configured.isEmpty {
                return configured
            }
            if availableBytes(at: "/dev/shm") >= 1 << 30, access("/dev/shm", W_OK) == 0 {
                return "/dev/shm/rls-embedded"
            }
            return "/tmp/rls-embedded"
        }

        private static func availableBytes(at path: String) -> UInt64 {
            var info = statvfs()
            guard statvfs(path, &info) == 0 else { return 0 }
            return UInt64(info.f_bavail) * UInt64(info.f_frsize)
        }
    }
}
