import RLSDatabase

extension Invocation {
    /// Resolves the target database (`--database-url`, `DATABASE_URL`, the dev cluster, else a throwaway
    /// embedded one), says which on standard error, connects, runs `body`, then closes and stops what it started.
    /// `databaseURL` stands in for `--database-url` when a command takes the URL in an option of its own;
    /// `readTimeouts` are what the connection's read transactions set (``ReadTimeoutOptions``).
    func withDatabase<T>(
        databaseURL: String? = nil, readTimeouts: ReadTimeouts = ReadTimeouts(), _ body: (DatabaseTarget, Connection) throws -> T
    ) throws -> T {
        let target = try DatabaseTarget.resolve(
            databaseURL: databaseURL ?? global.databaseURL, environment: session.environment, directory: session.directory
        )
        defer { target.finish() }
        // Parsed first, so a malformed URL is reported once, by its own error, before any "Database:" line.
        let connectionTarget = try ConnectionTarget(target.url)
        session.console.error("Database: \(target)")
        let connection = try Connection(connectionTarget)
        connection.readTimeouts = readTimeouts
        defer { connection.close() }
        return try body(target, connection)
    }
}
