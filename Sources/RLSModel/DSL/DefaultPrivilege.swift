/// A change to the privileges that objects receive when they are created
/// (`alter default privileges`): revoking PUBLIC's right to execute new functions, handing a
/// helper schema's new tables to a role, and so on.
///
/// ```swift
/// DefaultPrivilege.revoke(.execute, on: .functions, from: .public)
/// // alter default privileges revoke execute on functions from public;
/// DefaultPrivilege.grant(.select, on: .tables, in: "app", to: .authenticated)
/// // alter default privileges in schema "app" grant select on tables to "authenticated";
/// ```
///
/// Declare only what differs from a new Supabase project: `rls pull` writes exactly those
/// differences, so a project that never changed its default privileges pulls to none. Without
/// `forRole`, the change is to the defaults of the role that runs the migrations (`postgres` on
/// Supabase). Without `in:`, it is the role's global default, which replaces Postgres's built-in
/// one (PUBLIC may execute new functions and use new types); with `in:`, it adds to the global
/// default for that schema only, so a revoke `in:` a schema cannot take back a global grant.
///
/// Rendered after everything else: default privileges apply to objects created later, and the
/// objects a schema declares get exactly the grants it declares for them.
public struct DefaultPrivilege: Sendable, Hashable {
    /// Grant or revoke.
    public enum Action: String, Sendable, Hashable {
        /// `grant ... to`.
        case grant
        /// `revoke ... from`.
        case revoke
    }

    /// The kind of object whose new instances it concerns.
    public enum Objects: String, Sendable, Hashable, CaseIterable {
        /// `on tables` (and views).
        case tables
        /// `on sequences`.
        case sequences
        /// `on functions` (and procedures).
        case functions
        /// `on types`.
        case types
        /// `on schemas`.
        case schemas

        /// Every privilege this kind has, as `all` hands it out (PostgreSQL 15), in SQL's order.
        public var privileges: [Privilege] {
            switch self {
            case .tables: [.select, .insert, .update, .delete, .truncate, .references, .trigger]
            case .sequences: [.usage, .select, .update]
            case .functions: [.execute]
            case .types: [.usage]
            case .schemas: [.usage, .create]
            }
        }
    }

    /// A privilege new objects receive.
    public enum Privilege: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Every privilege of the kind.
        case all, select, insert, update, delete, truncate, references, trigger, usage, execute, create

        /// Orders as declared.
        public static func < (lhs: Privilege, rhs: Privilege) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// Grant or revoke.
    public var action: Action
    /// The privileges, in declaration order.
    public var privileges: [Privilege]
    /// The kind of object.
    public var objects: Objects
    /// The schema it applies in; nil for the role's global default.
    public var schema: String?
    /// The roles that receive (or lose) the privileges; `Role.public` is PUBLIC.
    public var roles: [Role]
    /// `with grant option` (grants only).
    public var withGrantOption: Bool
    /// The role whose new objects it concerns; nil for the role that runs the migrations.
    public var forRole: Role?
    /// Where it was declared.
    public var source: DeclarationSite

    /// Creates a change to default privileges; ``grant(_:on:in:to:withGrantOption:forRole:fileID:line:)``
    /// and ``revoke(_:on:in:from:forRole:fileID:line:)`` read better.
    public init(
        _ action: Action, _ privileges: [Privilege], on objects: Objects, in schema: String? = nil, roles: [Role],
        withGrantOption: Bool = false, forRole: Role? = nil, fileID: String = #fileID, line: Int = #line
    ) {
        self.action = action
        self.privileges = privileges
        self.objects = objects
        self.schema = schema
        self.roles = roles
        self.withGrantOption = withGrantOption
        self.forRole = forRole
        self.source = DeclarationSite(fileID: fileID, line: line)
    }

    /// New objects of `objects` (in `schema`, or anywhere) grant `privileges` to `roles`.
    ///
    /// ```swift
    /// DefaultPrivilege.grant(.usage, on: .types, in: "app", to: .authenticated)
    /// // alter default privileges in schema "app" grant usage on types to "authenticated";
    /// ```
    public static func grant(
        _ privileges: Privilege..., on objects: Objects, in schema: String? = nil, to roles: Role..., withGrantOption: Bool = false,
        forRole: Role? = nil, fileID: String = #fileID, line: Int = #line
    ) -> DefaultPrivilege {
        DefaultPrivilege(
            .grant, privileges, on: objects, in: schema, roles: roles, withGrantOption: withGrantOption, forRole: forRole,
            fileID: fileID, line: line)
    }

    /// New objects of `objects` (in `schema`, or anywhere) no longer grant `privileges` to `roles`.
    ///
    /// ```swift
    /// DefaultPrivilege.revoke(.execute, on: .functions, from: .public)
    /// // alter default privileges revoke execute on functions from public;
    /// ```
    public static func revoke(
        _ privileges: Privilege..., on objects: Objects, in schema: String? = nil, from roles: Role..., forRole: Role? = nil,
        fileID: String = #fileID, line: Int = #line
    ) -> DefaultPrivilege {
        DefaultPrivilege(.revoke, privileges, on: objects, in: schema, roles: roles, forRole: forRole, fileID: fileID, line: line)
    }
}
