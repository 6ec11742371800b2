/// A database role a policy or grant concerns.
///
/// Supabase's API roles are `anon` (no JWT), `authenticated` (a signed-in user's
/// JWT) and `service_role` (the backend key, which bypasses RLS but not grants).
public struct Role: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The role's name in the database.
    public var name: String

    /// A role by name, for projects with roles of their own.
    public init(_ name: String) {
        self.name = name
    }

    /// Requests without a user JWT (Supabase's anon key). `TO anon`.
    public static let anon = Role("anon")
    /// Requests carrying a signed-in user's JWT. `TO authenticated`.
    public static let authenticated = Role("authenticated")
    /// The backend's service key: bypasses RLS, still needs grants. `TO service_role`.
    public static let serviceRole = Role("service_role")

    /// The three API roles, in the order grants are written.
    public static let apiRoles: [Role] = [.anon, .authenticated, .serviceRole]

    /// The API roles a client's key reaches (the publishable key, or it with a user's JWT): `anon` and
    /// `authenticated`. What they may read is what the Data API and Realtime expose.
    public static let clientRoles: [Role] = [.anon, .authenticated]

    /// The role's name.
    public var description: String { name }

    /// Decodes a role from its name alone: `"anon"`.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the role as its name alone: `"anon"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    /// Orders roles by name alone, as the catalog lists them (`TO anon, public, service_role`):
    /// `roles.sorted(by: Role.byName)`.
    public static func byName(_ lhs: Role, _ rhs: Role) -> Bool {
        lhs.name < rhs.name
    }

    /// Orders the API roles as `anon, authenticated, service_role`, then others by name.
    public static func < (lhs: Role, rhs: Role) -> Bool {
        let lhsRank = apiRoles.firstIndex(of: lhs) ?? apiRoles.count
        let rhsRank = apiRoles.firstIndex(of: rhs) ?? apiRoles.count
        return lhsRank != rhsRank ? lhsRank < rhsRank : lhs.name < rhs.name
    }
}
