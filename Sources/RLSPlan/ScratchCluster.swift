import RLSDatabase

extension DatabaseTarget {
    /// Runs `body` with a provider of a local cluster for throwaway databases: the target's own when it
    /// is a throwaway embedded cluster, else one started on first use and stopped afterwards. Never the
    /// target's server when it is real, and no cluster at all when `body` never asks (a cached plan).
    public func withScratchCluster<T>(_ body: (ScratchCluster) throws -> T) throws -> T {
        let scratch = ScratchCluster(reusing: cluster)
        defer { scratch.stop() }
        return try body(scratch)
    }
}

/// A local cluster for throwaway databases, started the first time it is asked for.
public final class ScratchCluster {
    private let reused: EmbeddedCluster?
    private var started: EmbeddedCluster?

    /// A provider that hands out `cluster` when given, else starts one on first use.
    public init(reusing cluster: EmbeddedCluster?) {
        reused = cluster
    }

    /// The cluster, starting it on the first call.
    public func cluster() throws -> EmbeddedCluster {
        if let cluster = reused ?? started { return cluster }
        let cluster = try EmbeddedCluster.start()
        started = cluster
        return cluster
    }

    /// Stops the cluster if this object started it.
    public func stop() {
        started?.stop()
    }
}
