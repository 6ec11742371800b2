import Foundation

/// The environment of every program this package starts (`initdb`, `postgres`, `cp`, `git`): a short
/// list built here, never the caller's whole environment.
///
/// A child inherits everything by default, and the shell that runs `rls` often holds
/// `DATABASE_URL`, `PGPASSWORD` and other tokens. A server started with them keeps them in
/// `/proc/PID/environ`, readable by its OS account and by any database superuser through
/// `pg_read_binary_file`; `PG*` variables could also change what the programs do. So a child gets
/// the search paths, the C locale and the time zone, and nothing else.
///
/// ```swift
/// ChildEnvironment.minimal(from: ["PATH": "/usr/bin", "PGPASSWORD": "s3cret"])
/// // ["PATH": "/usr/bin", "LANG": "C", "LC_ALL": "C"]
/// ```
package enum ChildEnvironment {
    /// Used when the caller has no `PATH`.
    static let defaultPath = "/usr/local/bin:/usr/bin:/bin"

    /// For the server programs and file tools: `PATH`, the C locale (the locale `initdb` is given, and
    /// the one whose messages, such as "could not bind", are looked for in logs), and when set `TZ` and
    /// `LD_LIBRARY_PATH` (a server built into a folder of its own, found through `PG_BIN`, may need it).
    package static func minimal(from parent: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = ["PATH": parent["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath, "LANG": "C", "LC_ALL": "C"]
        for name in ["TZ", "LD_LIBRARY_PATH"] {
            if let value = parent[name] { environment[name] = value }
        }
        return environment
    }

    /// For `git`: ``minimal(from:)`` plus where it finds the user's configuration (`HOME`,
    /// `XDG_CONFIG_HOME`), which may mark the checkout as safe to read.
    package static func git(from parent: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = minimal(from: parent)
        for name in ["HOME", "XDG_CONFIG_HOME"] {
            if let value = parent[name] { environment[name] = value }
        }
        return environment
    }
}
