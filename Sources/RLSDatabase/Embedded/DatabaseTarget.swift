import Foundation

/// The database a command works on, chosen the way `rls` promises: an explicit `--database-url`,
/// else `DATABASE_URL`, else a running dev cluster (`rls dev start`), else a throwaway embedded cluster.
///
/// ```swift
/// let target = try DatabaseTarget.resolve(databaseURL: options.databaseURL)
/// defer { target.finish() }        // stops a throwaway cluster
/// let db = try Connection(url: target.url)
/// ```
public struct DatabaseTarget: Sendable, CustomStringConvertible {
    /// Where the URL came from.
    public enum Source: String, Sendable, Equatable {
        /// `--database-url`.
        case explicit
        /// The `DATABASE_URL` environment variable.
        case environment
        /// The project's running dev cluster.
        case devCluster
        /// A throwaway embedded cluster started for this command.
        case embedded
    }

    /// The URL to connect with (contains the password: show ``description`` instead).
    public let url: String
    /// Where it came from.
    public let source: Source
    /// The throwaway cluster, when ``source`` is ``Source/embedded``.
    public let cluster: EmbeddedCluster?

    /// Picks the database: `databaseURL`, `DATABASE_URL`, the dev cluster in `directory`, else a new embedded cluster.
    public static func resolve(
        databaseURL: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: String = FileManager.default.currentDirectoryPath,
        embeddedOptions: EmbeddedCluster.Options = .init()
    ) throws -> DatabaseTarget {
        if let databaseURL, !databaseURL.isEmpty {
            return DatabaseTarget(url: databaseURL, source: .explicit, cluster: nil)
        }
        if let url = environment["DATABASE_URL"], !url.isEmpty {
            return DatabaseTarget(url: url, source: .environment, cluster: nil)
        }
        if let url = DevCluster.status(in: directory).url {
            return DatabaseTarget(url: url, source: .devCluster, cluster: nil)
        }
        let cluster = try EmbeddedCluster.start(embeddedOptions)
        return DatabaseTarget(url: cluster.url, source: .embedded, cluster: cluster)
    }

    /// Stops the throwaway cluster, if one was started; otherwise does nothing.
    public func finish() {
        cluster?.stop()
    }

    /// The redacted URL and where it came from, e.g. `postgres://postgres:***@127.0.0.1:5432/postgres (DATABASE_URL)`.
    public var description: String {
        let shown = (try? ConnectionTarget(url).redacted) ?? "(invalid URL)"
        switch source {
        case .explicit: return "\(shown) (--database-url)"
        case .environment: return "\(shown) (DATABASE_URL)"
        case .devCluster: return "\(shown) (dev cluster)"
        case .embedded: return "\(shown) (embedded, throwaway)"
        }
    }
}
