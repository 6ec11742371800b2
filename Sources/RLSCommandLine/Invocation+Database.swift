import RLSDatabase

extension Invocation {
    /// Resolves the target database (`--database-url` or `--database-url-file`, `DATABASE_URL`, the dev
    /// cluster, else a throwaway embedded one), says which on standard error, connects, runs `body`, then
    /// closes and stops what it started. `databaseURL` stands in for `--database-url` when a command takes
    /// the URL in an option of its own; `readTimeouts` are what the connection's read transactions set
    /// (``ReadTimeoutOptions``). With `scratchURL` (``ScratchOption``), a throwaway target is a database of
    /// its own on that server rather than a local cluster.
    func withDatabase<T>(
        databaseURL: String? = nil, readTimeouts: ReadTimeouts = ReadTimeouts(), scratchURL: String? = nil,
        _ body: (DatabaseTarget, Connection) throws -> T
    ) throws -> T {
        let given = try databaseURL.map { ($0, DatabaseTarget.Source.explicit) } ?? givenDatabaseURL()
        let target = try DatabaseTarget.resolve(
            databaseURL: given?.0, databaseURLSource: given?.1 ?? .explicit, environment: session.environment,
            directory: session.directory, scratchURL: scratchURL
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

    /// True when the command line names a database (`--database-url` or `--database-url-file`).
    var namesDatabase: Bool { global.databaseURL != nil || global.databaseURLFile != nil }

    /// Whether ``withDatabase(databaseURL:readTimeouts:scratchURL:_:)`` will connect to a server that
    /// runs already (named, `DATABASE_URL`, the dev cluster) rather than start a throwaway one: then
    /// a throwaway cluster for the command's own databases is started beside it. Found without
    /// reading a URL file or starting anything; false where that finds a mistake (an empty URL),
    /// which the command then reports.
    var targetsRunningServer: Bool {
        if namesDatabase { return true }
        let running = try? DatabaseTarget.running(databaseURL: nil, environment: session.environment, directory: session.directory)
        return running != nil
    }

    /// The URL of `--database-url`, else the one read from `--database-url-file`; nil when neither is given.
    private func givenDatabaseURL() throws -> (String, DatabaseTarget.Source)? {
        switch (global.databaseURL, global.databaseURLFile) {
        case (.some, .some):
            throw UsageError("give either --database-url or --database-url-file, not both")
        case (.some(let url), nil):
            return (url, .explicit)
        case (nil, .some(let path)):
            return (try DatabaseURLFile.read(path, warnings: session.console), .file)
        case (nil, nil):
            return nil
        }
    }
}
