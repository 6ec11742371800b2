/// Exactly which roles may use a database schema (`grant usage on schema`), for a schema whose
/// grants are not what the rest of the DSL implies: `public` with `anon` shut out, a helper schema
/// only `service_role` reaches, a schema an auth hook's role must see.
///
/// ```swift
/// SchemaUsage("public", by: .authenticated, .serviceRole)
/// // revoke usage on schema "public" from "anon";
/// SchemaUsage("app", by: .authenticated, .serviceRole, Role("supabase_auth_admin"))
/// // create schema if not exists "app";
/// // grant usage on schema "app" to "authenticated", "service_role", "supabase_auth_admin";
/// ```
///
/// Without it, `public` keeps the usage every Supabase database gives it (``publicDefault``: PUBLIC,
/// which every role is a member of, and the three API roles), and any other schema grants usage to
/// every role that holds a privilege inside it. The owner (and `postgres`) always use their
/// schemas; they are never listed. Shutting `anon` out of `public` takes both its own grant and
/// PUBLIC's: `SchemaUsage("public", by: .authenticated, .serviceRole)` revokes both.
public struct SchemaUsage: Sendable, Hashable {
    /// The schema's name.
    public var schema: String
    /// The roles that may use it, in declaration order.
    public var roles: [Role]
    /// Where it was declared.
    public var source: DeclarationSite

    /// Who may use `public` in every Supabase database: PUBLIC (Postgres 15's default) and the API roles.
    public static let publicDefault: [Role] = [.public] + Role.apiRoles

    /// Declares the roles that may use `schema`.
    public init(_ schema: String, by roles: Role..., fileID: String = #fileID, line: Int = #line) {
        self.init(schema, by: roles, fileID: fileID, line: line)
    }

    /// Declares the roles that may use `schema`, from a list (none: only its owner).
    public init(_ schema: String, by roles: [Role], fileID: String = #fileID, line: Int = #line) {
        self.schema = schema
        self.roles = roles
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}
