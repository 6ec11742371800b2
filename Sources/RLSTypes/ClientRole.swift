import RLSModel

/// Whose types the file holds: a signed-in user's (the app's, `authenticated`) or the backend's
/// (`service_role`, which bypasses row-level security but not privileges).
public enum ClientRole: String, Sendable, Hashable, CaseIterable {
    /// A signed-in user of the app: only what the plans, column privileges and owner defaults let them write.
    case authenticated
    /// The backend's secret key: every column of every table it holds a privilege on.
    case serviceRole = "service_role"

    /// The database role.
    var role: Role { self == .authenticated ? .authenticated : .serviceRole }

    /// Who, in the file's words: "a signed-in user", "the service role".
    var words: String { self == .authenticated ? "a signed-in user" : "the service role" }
}
