import Foundation
import RLSPostgres

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
        /// A file named by `--database-url-file`.
        case file
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

    /// Picks the database: `databaseURL`, `DATABASE_URL`, the dev cluster in `directory`, else a new embedded cluster
    /// (or, with `scratchURL`, a new database on that server: ``EmbeddedCluster/attach(scratchURL:options:)``).
    /// `databaseURLSource` says where a given `databaseURL` came from (`--database-url` or a file).
    public static func resolve(
        databaseURL: String?,
        databaseURLSource: Source = .explicit,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: String = FileManager.default.currentDirectoryPath,
        embeddedOptions: EmbeddedCluster.Options = .init(),
        scratchURL: String? = nil
    ) throws -> DatabaseTarget {
        if let running = try running(
            databaseURL: databaseURL, databaseURLSource: databaseURLSource, environment: environment, directory: directory)
        {
            return running
        }
        if let scratchURL {
            // A database of its own on the server of the user's choosing, dropped by finish().
            let cluster = try EmbeddedCluster.attach(scratchURL: scratchURL, options: embeddedOptions)
            do {
                let url = try cluster.createDatabase("rls_target_\(getpid())", defaultPrivileges: embeddedOptions.defaultPrivileges)
                return DatabaseTarget(url: url, source: .embedded, cluster: cluster)
            } catch {
                cluster.stop()
                throw error
            }
        }
        let cluster = try EmbeddedCluster.start(embeddedOptions)
        return DatabaseTarget(url: cluster.url, source: .embedded, cluster: cluster)
    }

    /// The first three choices of ``resolve(databaseURL:databaseURLSource:environment:directory:embeddedOptions:scratchURL:)``:
    /// a database on a server that runs already (`databaseURL`, `DATABASE_URL`, the dev cluster in
    /// `directory`); nil when `resolve` would make a throwaway one. Nothing starts: a command may ask
    /// first, to start what it needs beside that database (its throwaway cluster) while it does other work.
    public static func running(
        databaseURL: String?,
        databaseURLSource: Source = .explicit,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        directory: String = FileManager.default.currentDirectoryPath
    ) throws -> DatabaseTarget? {
        // Only an absent URL means "no real database": an empty one is a mistake (a CI secret that is
        // not set expands to ""), and treating it as absent would "deploy" to a throwaway cluster.
        if let databaseURL {
            guard !databaseURL.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw DatabaseError(
                    kind: .invalidTarget,
                    message: "--database-url is empty. Give the database's URL (postgres://user:password@host:5432/db), "
                        + "or leave the option out to use a throwaway local database.")
            }
            return DatabaseTarget(url: databaseURL, source: databaseURLSource, cluster: nil)
        }
        if let url = environment["DATABASE_URL"] {
            guard !url.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw DatabaseError(
                    kind: .invalidTarget,
                    message: "DATABASE_URL is set but empty (a missing CI secret?). Set it to the database's URL, "
                        + "or unset it (unset DATABASE_URL) to use a throwaway local database.")
            }
            return DatabaseTarget(url: url, source: .environment, cluster: nil)
        }
        if let url = DevCluster.status(in: directory).url {
            return DatabaseTarget(url: url, source: .devCluster, cluster: nil)
        }
        return nil
    }

    /// What `rls apply` says after writing to a throwaway cluster, so nobody mistakes it for a deployment.
    public static let throwawayApplyWarning = """
        WARNING: no database was given (no --database-url, no DATABASE_URL, no running `rls dev` cluster), \
        so this applied to a throwaway embedded database that is deleted now. Nothing real was changed.
        """

    /// Stops the throwaway cluster, if one was started; otherwise does nothing.
    public func finish() {
        cluster?.stop()
    }

    /// The redacted URL and where it came from, e.g. `postgres://postgres:***@127.0.0.1:5432/postgres (DATABASE_URL)`.
    public var description: String {
        let shown = (try? ConnectionTarget(url).redacted) ?? "(invalid URL)"
        switch source {
        case .explicit: return "\(shown) (--database-url)"
        case .file: return "\(shown) (--database-url-file)"
        case .environment: return "\(shown) (DATABASE_URL)"
        case .devCluster: return "\(shown) (dev cluster)"
        case .embedded: return "\(shown) (embedded, throwaway)"
        }
    }
}
