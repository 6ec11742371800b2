import Foundation
import RLSDatabase
import Synchronization

extension DatabaseTarget {
    /// Runs `body` with a provider of a local cluster for throwaway databases: the target's own when it
    /// is a throwaway embedded cluster, else one started on first use and stopped afterwards. Never the
    /// target's server when it is real, and no cluster at all when `body` never asks (a cached plan).
    ///
    /// With `scratchURL` (`--scratch-url`, `RLS_SCRATCH_URL`), the throwaway databases are made on
    /// that server instead (``RLSEmbedded/ScratchServer``), each a database of its own, dropped after.
    ///
    /// `startedEarly` is one the caller started already (``ScratchCluster/startingNow()``) and stops
    /// itself: used when the target has no cluster of its own to lend and no `scratchURL` is given.
    public func withScratchCluster<T>(
        scratchURL: String? = nil, startedEarly: ScratchCluster? = nil, _ body: (ScratchCluster) throws -> T
    ) throws -> T {
        if let startedEarly, cluster == nil, scratchURL == nil { return try body(startedEarly) }
        let scratch = ScratchCluster(reusing: scratchURL == nil ? cluster : nil, scratchURL: scratchURL)
        defer { scratch.stop() }
        return try body(scratch)
    }
}

/// A local cluster for throwaway databases, started the first time it is asked for (or earlier,
/// in the background, by a caller that knows it will ask). Safe to ask from several threads: a
/// plan with pending files builds a desired state on one while it replays the files on another.
public final class ScratchCluster: Sendable {
    private let reused: EmbeddedCluster?
    private let scratchURL: String?
    private let state = Mutex<(started: EmbeddedCluster?, starting: BackgroundWork<EmbeddedCluster>?)>((nil, nil))

    /// A provider that hands out `cluster` when given, else the server at `scratchURL` when given
    /// (``RLSEmbedded/EmbeddedCluster/attach(scratchURL:options:)``), else starts a local cluster on first use.
    public init(reusing cluster: EmbeddedCluster?, scratchURL: String? = nil) {
        reused = cluster
        self.scratchURL = scratchURL
    }

    /// A local cluster started now, or the server at `scratchURL` when given: for a command that
    /// needs one for sure. Stop it when done.
    public static func startOrAttach(scratchURL: String?) throws -> EmbeddedCluster {
        if let scratchURL { return try EmbeddedCluster.attach(scratchURL: scratchURL) }
        return try EmbeddedCluster.start()
    }

    /// A local cluster starting on another thread from now: for a command that knows before it
    /// connects that it will need one (a first `rls plan`: its start overlaps rendering the schema and
    /// connecting). Stop it when done.
    public static func startingNow() -> ScratchCluster {
        let scratch = ScratchCluster(reusing: nil)
        scratch.startInBackground()
        return scratch
    }

    /// Starts the cluster on another thread now, for a caller that has other work to do before it
    /// asks for it (`rls plan` with pending files: about 1.5 s of starting overlaps rendering the
    /// schema and reading the target). ``cluster()`` then waits for it; nothing happens when a
    /// cluster is reused or already started.
    public func startInBackground() {
        guard reused == nil, scratchURL == nil else { return }
        state.withLock { state in
            guard state.started == nil, state.starting == nil else { return }
            state.starting = BackgroundWork { try EmbeddedCluster.start() }
        }
    }

    /// The cluster, starting it on the first call (or waiting for the start in the background).
    /// A second thread asking meanwhile waits for the same cluster.
    public func cluster() throws -> EmbeddedCluster {
        if let reused { return reused }
        return try state.withLock { state in
            if let started = state.started { return started }
            let background = state.starting
            state.starting = nil
            let cluster = try background?.result() ?? Self.startOrAttach(scratchURL: scratchURL)
            state.started = cluster
            return cluster
        }
    }

    /// Stops the cluster if this object started it, once a start in the background has finished.
    public func stop() {
        let started = state.withLock { state -> EmbeddedCluster? in
            if let starting = state.starting, let cluster = try? starting.result() { state.started = cluster }
            state.starting = nil
            return state.started
        }
        started?.stop()
    }
}
