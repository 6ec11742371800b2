import RLSDatabase
import RLSSQL

extension Connection {
    /// Runs `body` with `lock_timeout` at `wait`, then sets it to `restore`; both local to the
    /// transaction. When `body` throws, the setting is left for the caller's rollback to a
    /// savepoint to put back. With `wait` nil, `body` runs as it is.
    ///
    ///     try connection.waitingOnLocksAtMost("200ms", restoring: "5s") { try FixtureLoader.load(…) }
    func waitingOnLocksAtMost<T>(_ wait: String?, restoring restore: String, _ body: () throws -> T) throws -> T {
        guard let wait else { return try body() }
        try execute("set local lock_timeout = \(quoteLiteral(wait))")
        let result = try body()
        try execute("set local lock_timeout = \(quoteLiteral(restore))")
        return result
    }
}
