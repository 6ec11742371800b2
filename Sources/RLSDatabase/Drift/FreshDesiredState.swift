import RLSCatalog
import RLSEmbedded

/// The schema's desired state on a project made today (no default privileges), built on another
/// thread while a plan with pending files replays them: what the files would still leave different
/// from the schema is planned against it (``Drift/migrationPlan(migrations:reusing:desiredSQL:scratch:cacheDirectory:leavingOut:memo:fresh:)``),
/// and so is the drift of a target without default privileges. On a project made before
/// 2026-10-30 the drift needs a second desired state (with the target's privileges), and without
/// this the two were built one after the other.
///
/// Read from the cache when it holds it, like any desired state.
public final class FreshDesiredState: Sendable {
    private let build: BackgroundWork<Catalog>

    /// Starts the build of `desiredSQL` without default privileges on the cluster `cluster` gives
    /// (asked on the build's thread: a cluster still starting is waited for there).
    public init(
        _ desiredSQL: String, in cluster: @escaping @Sendable () throws -> EmbeddedCluster, cacheDirectory: String?,
        memo: PlanningMemo
    ) {
        build = BackgroundWork {
            try Drift.desiredCatalog(desiredSQL, in: try cluster(), defaultPrivileges: .none, cacheDirectory: cacheDirectory, memo: memo)
        }
    }

    /// The desired catalog, once built (the build's error, if it failed).
    public func catalog() throws -> Catalog { try build.result() }

    /// Waits for the build to end, whatever it gave.
    public func wait() { build.wait() }
}
