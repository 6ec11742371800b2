import Dispatch
import Foundation
import RLSCatalog
import RLSEmbedded

/// The desired state of a first `rls plan` (no desired state cached in the project, so nothing to
/// start an increment from), built on another thread while the target's catalog is read: on a fresh
/// CI runner the two take about as long, and only the build needs the throwaway cluster.
///
/// Started for the target's default privileges, read first in one small query
/// (`Connection.publicTableDefaults()`); used only when the full read agrees.
struct FirstDesiredBuild: Sendable {
    /// The default privileges it builds for.
    let privileges: DefaultPrivileges
    private let build: BackgroundWork<Catalog>

    /// Starts the build of `desiredSQL` in `cluster`; a new cache entry is written in `writes`.
    init(
        _ desiredSQL: String, in cluster: EmbeddedCluster, privileges: DefaultPrivileges, cacheDirectory: String, writes: DispatchGroup,
        memo: PlanningMemo
    ) {
        self.privileges = privileges
        build = BackgroundWork {
            try Drift.desiredCatalog(
                desiredSQL, in: cluster, defaultPrivileges: privileges, cacheDirectory: cacheDirectory, writes: writes, memo: memo)
        }
    }

    /// Whether a plan should start one: no desired state is cached in `cacheDirectory` at all (with
    /// one, an increment from it is cheaper).
    static func isWanted(cacheDirectory: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)) ?? []
        return !names.contains { $0.hasPrefix("desired-") }
    }

    /// The built catalog, once the build ends (its error, if it failed).
    func catalog() throws -> Catalog { try build.result() }

    /// Waits for the build to end, whatever it gave.
    func wait() { build.wait() }
}
