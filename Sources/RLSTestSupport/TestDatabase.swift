import Foundation
public import RLSDatabase

/// Databases for tests: one embedded cluster per test process, a fresh database per test.
///
/// Safe to call from tests running in parallel. The cluster starts on first use and is stopped and
/// deleted when the process exits. When PostgreSQL is not installed, every call throws an error that
/// names the Debian package `postgresql`, so the test fails rather than skips.
///
/// ```swift
/// @Test func anonIsRefused() throws {
///     let (_, db) = try TestDatabase.make()
///     try db.execute("create table note (id int)")
/// }
/// ```
public enum TestDatabase {
    /// A fresh Supabase-shaped database in the shared cluster, and a connection to it as `postgres`.
    public static func make(_ defaultPrivileges: DefaultPrivileges = .none) throws -> (url: String, connection: Connection) {
        let cluster = try self.cluster
        let url = try cluster.createDatabase(nextName(), defaultPrivileges: defaultPrivileges)
        return (url, try Connection(url: url))
    }

    /// The URL of the test database at `url` for the cluster's superuser, `supabase_admin`.
    public static func adminURL(_ url: String) throws -> String {
        let name = String((url.split(separator: "/").last ?? "").prefix { $0 != "?" })
        return try cluster.url(database: name, user: "supabase_admin")
    }

    /// A connection to the test database at `url` as the cluster's superuser: for what a dashboard
    /// user changes by hand, or what only a superuser may (event triggers, role memberships).
    public static func admin(_ url: String) throws -> Connection {
        try Connection(url: try adminURL(url))
    }

    /// The per-process shared cluster, started on first use and stopped at process exit.
    public static var cluster: EmbeddedCluster {
        get throws { try SharedCluster.instance.get() }
    }

    private static func nextName() -> String {
        "test_\(getpid())_\(SharedCluster.counter.next())"
    }
}
