import RLSDatabase

extension Invocation {
    /// Resolves the target database (`--database-url`, `DATABASE_URL`, the dev cluster, else a throwaway
    /// embedded one), says which on standard error, connects, runs `body`, then closes and stops what it started.
    func withDatabase<T>(_ body: (DatabaseTarget, Connection) throws -> T) throws -> T {
        let target = try DatabaseTarget.resolve(databaseURL: databaseURL, environment: environment, directory: directory)
        defer { target.finish() }
        console.error("Database: \(target)")
        let connection = try Connection(url: target.url)
        defer { connection.close() }
        return try body(target, connection)
    }
}
