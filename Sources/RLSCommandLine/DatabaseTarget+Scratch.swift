import RLSDatabase

extension DatabaseTarget {
    /// Runs `body` with a local cluster for throwaway databases: the target's own when it is a throwaway
    /// embedded cluster, else a new one stopped afterwards. Never the target's server when it is real.
    func withScratchCluster<T>(_ body: (EmbeddedCluster) throws -> T) throws -> T {
        if let cluster { return try body(cluster) }
        let scratch = try EmbeddedCluster.start()
        defer { scratch.stop() }
        return try body(scratch)
    }
}

extension MigrationDirectory {
    /// The migration files, or none when the folder does not exist yet.
    func filesIfPresent() throws -> [MigrationFile] {
        exists ? try files() : []
    }
}
