/// Who a scenario step acts as: the callers `rls check` probes with.
///
/// ```swift
/// As(.alice) { ... }   // signed in as the first test user (role authenticated)
/// As(.anon) { ... }    // no JWT (role anon)
/// ```
public enum ScenarioPersona: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A caller without a JWT: role `anon`.
    case anon
    /// The first signed-in test user.
    case alice
    /// The second signed-in test user.
    case bob
    /// A third signed-in test user who owns no fixture rows and belongs to no group: the outsider.
    case carol
    /// alice after a two-factor sign-in: the JWT carries `aal` = `aal2` in every step of the block.
    case aliceWithMFA = "alice (aal2)"
    /// bob's id in an anonymous sign-in: the JWT carries `is_anonymous` = true in every step.
    case bobAnonymous = "bob (anonymous)"
    /// The backend's service key: role `service_role`, bypasses RLS.
    case serviceRole = "service_role"

    /// The persona's name in reports.
    public var description: String { rawValue }
}
