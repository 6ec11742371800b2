import RLSModel
import RLSSQL

/// Who a probe acts as: the roles and JWT claims Supabase's API would use for that caller.
///
/// ```swift
/// Persona.anon                 // no JWT: role anon
/// Persona.user(.alice)         // signed in: role authenticated, sub = alice's id
/// Persona.serviceRole          // the service key: role service_role (bypasses RLS, not grants)
/// ```
public enum Persona: Sendable, Hashable, CustomStringConvertible {
    /// A caller with no JWT, or the anon key.
    case anon
    /// A signed-in user.
    case user(User)
    /// A caller with the service-role key.
    case serviceRole

    /// A user that probes sign in as; its row is inserted into `auth.users` inside the probe's transaction.
    public struct User: Sendable, Hashable {
        /// A short name for reports, such as `alice`.
        public let name: String
        /// The user's id, the JWT's `sub`, as a lower-case UUID.
        public let id: String
        /// The user's email, the JWT's `email`.
        public let email: String
        /// The JWT's `aal` claim: `aal1` (password, magic link) or `aal2` (two-factor).
        public var aal: String = "aal1"
        /// The JWT's `is_anonymous` claim: an anonymous sign-in (role `authenticated` all the same).
        public var isAnonymous = false
        /// The JWT's `app_metadata.role` claim, set by the server; nil for none.
        public var appRole: String?

        /// Creates a user for probes.
        public init(name: String, id: String, email: String, aal: String = "aal1", isAnonymous: Bool = false, appRole: String? = nil) {
            self.name = name
            self.id = id
            self.email = email
            self.aal = aal
            self.isAnonymous = isAnonymous
            self.appRole = appRole
        }

        /// A user whose `app_metadata.role` is `role`, owning no fixture row: `moderator (app role)`.
        public static func withAppRole(_ role: String, number: Int) -> User {
            User(
                name: "\(role) (app role)",
                id: CheckUUID.make("0a990000", number: number),
                email: "app-role-\(number)@rls-check.invalid", appRole: role)
        }

        /// The `app_metadata` claim: the provider, and the role when there is one.
        var appMetadataJSON: String {
            JWTClaims.AppMetadata(role: appRole).json
        }

        /// The first of the two users every check signs in as. The reserved `.invalid` domain keeps
        /// its email clear of real users in `auth.users` (whose emails are unique on Supabase).
        public static let alice = User(name: "alice", id: "a11ce000-0000-4000-8000-000000000001", email: "alice@rls-check.invalid")
        /// The second user, who must never see alice's private rows.
        public static let bob = User(name: "bob", id: "b0b00000-0000-4000-8000-000000000002", email: "bob@rls-check.invalid")
        /// A third user who owns no fixture row and belongs to no group: what a stranger reaches.
        public static let carol = User(name: "carol", id: "ca401000-0000-4000-8000-000000000003", email: "carol@rls-check.invalid")
        /// alice after a two-factor sign-in (`aal2`): probes operations that need it.
        public static let aliceWithMFA = User(name: "alice (aal2)", id: alice.id, email: alice.email, aal: "aal2")
        /// bob's id in an anonymous sign-in's claims (`is_anonymous`: signed in, role `authenticated`,
        /// no permanent account): what bob may do with his own rows, an anonymous session must not
        /// where the table excludes them.
        public static let bobAnonymous = User(name: "bob (anonymous)", id: bob.id, email: "", isAnonymous: true)
    }

    /// The database role Supabase's API switches to for this caller.
    public var role: String {
        switch self {
        case .anon: Role.anon.name
        case .user: Role.authenticated.name
        case .serviceRole: Role.serviceRole.name
        }
    }

    /// The name reports use: `anon`, `alice`, `bob`, `service_role`.
    public var description: String {
        switch self {
        case .anon: Role.anon.name
        case .user(let user): user.name
        case .serviceRole: Role.serviceRole.name
        }
    }
}
