import Dispatch
import Foundation
import RLSCatalog
import RLSEmbedded
import Synchronization

/// The desired state of a first `rls plan` (no desired state cached in the project, so nothing to
/// start an increment from), built on another thread while the target's catalog is read: on a fresh
/// CI runner the two take about as long, and only the build needs the throwaway cluster.
///
/// Started for the target's default privileges, read first in one small query
/// (`Connection.publicTableDefaults()`); used only when the full read agrees.
final class FirstDesiredBuild: Sendable {
    /// The default privileges it builds for.
    let privileges: DefaultPrivileges
    private let outcome = Mutex<Result<Catalog, any Error>?>(nil)
    private let finished = DispatchGroup()

    /// Starts the build of `desiredSQL` in `cluster`; a new cache entry is written in `writes`.
    init(
        _ desiredSQL: String, in cluster: EmbeddedCluster, privileges: DefaultPrivileges, cacheDirectory: String, writes: DispatchGroup,
        memo: PlanningMemo
    ) {
        self.privileges = privileges
        finished.enter()
        Thread.detachNewThread { [self] in
            let result = Result {
                try Drift.desiredCatalog(
                    desiredSQL, in: cluster, defaultPrivileges: privileges, cacheDirectory: cacheDirectory, writes: writes, memo: memo)
            }
            outcome.withLock { $0 = result }
            finished.leave()
        }
    }

    /// Whether a plan should start one: no desired state is cached in `cacheDirectory` at all (with
    /// one, an increment from it is cheaper).
    static func isWanted(cacheDirectory: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cacheDirectory)) ?? []
        return !names.contains { $0.hasPrefix("desired-") }
    }

    /// The built catalog, once the build ends (its error, if it failed).
    func catalog() throws -> Catalog {
        finished.wait()
        return try outcome.withLock { $0! }.get()
    }

    /// Waits for the build to end, whatever it gave.
    func wait() { finished.wait() }
}
