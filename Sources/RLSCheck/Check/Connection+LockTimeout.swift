import RLSDatabase
import RLSSQL

extension Connection {
    /// Runs `body` with `lock_timeout` at `wait`, then sets it to `restore`; both local to the
    /// transaction. When `body` throws, the setting is left for the caller's rollback to a
    /// savepoint to put back. With `wait` nil, `body` runs as it is.
    ///
    ///     try connection.waitingOnLocksAtMost(.milliseconds(200), restoring: .seconds(5)) { try FixtureLoader.load(…) }
    func waitingOnLocksAtMost<T>(_ wait: Duration?, restoring restore: Duration, _ body: () throws -> T) throws -> T {
        guard let wait else { return try body() }
        try execute("set local lock_timeout = \(wait.settingMilliseconds)")
        let result = try body()
        try execute("set local lock_timeout = \(restore.settingMilliseconds)")
        return result
    }
}
