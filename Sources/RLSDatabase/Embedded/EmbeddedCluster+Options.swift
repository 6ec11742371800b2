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

        /// Options with defaults: no default privileges, `/tmp/rls-embedded` (or `RLS_EMBEDDED_DIR`), stop on signal.
        public init(
            defaultPrivileges: DefaultPrivileges = .none,
            baseDirectory: String = Options.defaultBaseDirectory,
            stopOnSignal: Bool = true
        ) {
            self.defaultPrivileges = defaultPrivileges
            self.baseDirectory = baseDirectory
            self.stopOnSignal = stopOnSignal
        }

        /// `RLS_EMBEDDED_DIR` when set, else `/tmp/rls-embedded`.
        public static var defaultBaseDirectory: String {
            ProcessInfo.processInfo.environment["RLS_EMBEDDED_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp/rls-embedded"
        }
    }
}
