import RLSEmbedded
import RLSMigrations
import RLSPostgres

/// Why a drift or diff computation could not finish.
public struct DriftError: Error, CustomStringConvertible {
    /// The script that failed on the throwaway database, if that is what happened.
    public var script: String?
    /// What happened and what to do next, in a line or two.
    public var message: String
    /// The server's error, when there was one.
    public var underlying: DatabaseError?

    /// Creates an error.
    public init(script: String? = nil, message: String, underlying: DatabaseError? = nil) {
        self.script = script
        self.message = message
        self.underlying = underlying
    }

    /// The short, user-facing text.
    public var description: String { message }
}
