/// Exactly which roles may use a database schema (`grant usage on schema`) and create objects in it
/// (`grant create on schema`): `public` with `anon` shut out, a helper schema only some roles reach,
/// a schema a migration role may create in.
///
/// ```swift
/// SchemaUsage("public", by: .authenticated, .serviceRole)
/// // revoke usage on schema "public" from public, "anon";
/// SchemaPrivileges("app", usage: [.authenticated], create: [Role("app_admin")])
/// // create schema if not exists "app";
/// // grant usage on schema "app" to "authenticated";
/// // grant create on schema "app" to "app_admin";
/// ```
///
/// `SchemaUsage(schema, by: ...)` is the same declaration with no role that may create.
///
/// Nothing is granted on a schema that no declaration names: `public` keeps what every Supabase
/// database gives it (usage for PUBLIC, which every role is a member of, and the three API roles:
/// ``publicDefault``; create for no one), and a schema of yours grants nothing but its owner's own
/// privileges. A schema whose tables, views or functions grant something to a role must declare who
/// may use it (validation says so), since nothing inside a schema is reachable without usage on it.
/// The owner (and `postgres`) always use and create in their schemas; they are never listed.
/// Shutting `anon` out of `public` takes both its own grant and PUBLIC's:
/// `SchemaUsage("public", by: .authenticated, .serviceRole)` revokes both.
public struct SchemaPrivileges: Sendable, Hashable {
    /// The schema's name.
    public var schema: String
    /// The roles that may use it (`USAGE`), in declaration order.
    public var usage: [Role]
    /// The roles that may create objects in it (`CREATE`), in declaration order.
    public var create: [Role]
    /// The roles among ``usage`` that hold it with grant option (may grant it to others):
    /// ``withGrantOption(usage:create:)``.
    public var usageWithGrantOption: [Role] = []
    /// The roles among ``create`` that hold it with grant option.
    public var createWithGrantOption: [Role] = []
    /// `comment on schema`, if any.
    public var comment: String?
    /// Where it was declared.
    public var source: DeclarationSite

    /// Who may use `public` in every Supabase database: PUBLIC (Postgres 15's default) and the API roles.
    public static let publicDefault: [Role] = [.public] + Role.apiRoles

    /// Declares the roles that may use `schema` and those that may create objects in it, and the
    /// schema's comment.
    public init(
        _ schema: String, usage: [Role], create: [Role] = [], comment: String? = nil, fileID: String = #fileID, line: Int = #line
    ) {
        self.schema = schema
        self.usage = usage
        self.create = create
        self.comment = comment
        self.source = DeclarationSite(fileID: fileID, line: line)
    }

    /// Declares the roles that may use `schema` (and that no role but its owner may create in it).
    public init(_ schema: String, by roles: Role..., fileID: String = #fileID, line: Int = #line) {
        self.init(schema, usage: roles, fileID: fileID, line: line)
    }

    /// Declares the roles that may use `schema`, from a list (none: only its owner).
    public init(_ schema: String, by roles: [Role], fileID: String = #fileID, line: Int = #line) {
        self.init(schema, usage: roles, fileID: fileID, line: line)
    }

    /// What a Supabase database grants on `schema` before any declaration: ``publicDefault`` usage
    /// on `public`, nothing on any other schema.
    public static func builtIn(_ schema: String) -> (usage: [Role], create: [Role]) {
        schema == SupabaseSchemas.public ? (publicDefault, []) : ([], [])
    }
}

/// `SchemaUsage("public", by: .authenticated, .serviceRole)`: a ``SchemaPrivileges`` that names
/// only the roles that may use the schema.
public typealias SchemaUsage = SchemaPrivileges
