import RLSModel

extension Catalog {
    /// What surrounds the managed schemas and decides what the API roles can reach: roles granted
    /// to `anon`/`authenticated`, default privileges that hand new objects to them, extensions,
    /// foreign tables and storage buckets.
    ///
    /// Read in the same introspection as the rest. Memberships and default privileges are compared
    /// by `rls plan` (drift: `grant authenticated to anon` typed in the SQL editor); the rest is
    /// context for `rls lint`.
    public struct Environment: Equatable, Sendable, Codable {
        /// Roles granted to an API role (`grant authenticated to anon`), sorted.
        public var roleMemberships: [RoleMembership]
        /// Roles granted, transitively, to the roles in ``roleMemberships`` (`grant reporting to
        /// analyst` after `grant analyst to anon`): what an API role also reaches through them, sorted.
        /// Only read for that reach; drift is the API role's own membership.
        public var reachedMemberships: [RoleMembership] = []
        /// Default privileges (any owner, any managed schema or global) that grant to `anon`,
        /// `authenticated` or PUBLIC, beyond Supabase's own (see ``RoleDefaultPrivilege``), sorted.
        public var apiDefaultPrivileges: [RoleDefaultPrivilege]
        /// Installed extensions, sorted by name.
        public var extensions: [Extension]
        /// Foreign tables in managed schemas, sorted.
        public var foreignTables: [ForeignTable]
        /// pgmq queue tables (`pgmq.q_…`) with RLS off, and the API roles that may read them, sorted.
        public var queueTables: [ForeignTable]
        /// Storage buckets, sorted by id; nil when the database has no `storage.buckets`.
        public var buckets: [Bucket]?

        /// Creates an environment; every list is sorted.
        public init(
            roleMemberships: [RoleMembership] = [], reachedMemberships: [RoleMembership] = [],
            apiDefaultPrivileges: [RoleDefaultPrivilege] = [],
            extensions: [Extension] = [], foreignTables: [ForeignTable] = [], queueTables: [ForeignTable] = [],
            buckets: [Bucket]? = nil
        ) {
            self.roleMemberships = Array(Set(roleMemberships)).sorted()
            self.reachedMemberships = Array(Set(reachedMemberships)).sorted()
            self.apiDefaultPrivileges = Array(Set(apiDefaultPrivileges)).sorted()
            self.extensions = extensions.sorted { $0.name < $1.name }
            self.foreignTables = foreignTables.sorted { $0.name < $1.name }
            self.queueTables = queueTables.sorted { $0.name < $1.name }
            self.buckets = buckets?.sorted { $0.id < $1.id }
        }

        /// The extension named `name`, if installed.
        public func `extension`(_ name: String) -> Extension? {
            extensions.first { $0.name == name }
        }
    }

    /// `grant <role> to <member>`, where the member is an API role: `grant authenticated to anon`.
    public struct RoleMembership: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
        /// The API role that was made a member (`anon`).
        public var member: Role
        /// The role it was granted (`authenticated`).
        public var role: Role

        /// Creates a membership.
        public init(member: Role, role: Role) {
            self.member = member
            self.role = role
        }

        /// `authenticated granted to anon`.
        public var description: String { "\(role) granted to \(member)" }

        /// Orders by member's name, then role's name.
        public static func < (lhs: RoleMembership, rhs: RoleMembership) -> Bool {
            (lhs.member.name, lhs.role.name) < (rhs.member.name, rhs.role.name)
        }
    }

    /// `alter default privileges for role <owner> [in schema <schema>] grant <privilege> on <kind> to <grantee>`,
    /// where the grantee is `anon`, `authenticated` or PUBLIC.
    ///
    /// Supabase's own defaults are left out: the full set (every privilege on tables, sequences or
    /// functions in `public`) that `postgres` and `supabase_admin` hand to the API roles in projects
    /// made before 2026-10-30. A partial set, another schema, a global default or another owner is kept.
    public struct RoleDefaultPrivilege: Hashable, Comparable, Sendable, Codable {
        /// The role whose new objects get the privilege.
        public var owner: Role
        /// The schema it applies in; nil for the owner's global default.
        public var schema: String?
        /// Tables, sequences, functions or schemas.
        public var objectKind: Grant.ObjectKind
        /// `anon`, `authenticated` or ``Role/public`` (PUBLIC).
        public var grantee: Role
        /// The privilege, for example `.select` (`SELECT`).
        public var privilege: Privilege

        /// Creates an entry.
        public init(owner: Role, schema: String?, objectKind: Grant.ObjectKind, grantee: Role, privilege: Privilege) {
            self.owner = owner
            self.schema = schema
            self.objectKind = objectKind
            self.grantee = grantee
            self.privilege = privilege
        }

        /// Orders by owner (by name), schema, kind, grantee (by name), privilege (by catalog name).
        public static func < (lhs: RoleDefaultPrivilege, rhs: RoleDefaultPrivilege) -> Bool {
            (lhs.owner.name, lhs.schema ?? "", lhs.objectKind, lhs.grantee.name, lhs.privilege.catalogName)
                < (rhs.owner.name, rhs.schema ?? "", rhs.objectKind, rhs.grantee.name, rhs.privilege.catalogName)
        }
    }

    /// An installed extension.
    public struct Extension: Equatable, Sendable, Codable {
        /// `pg_graphql`.
        public var name: String
        /// The schema holding its objects.
        public var schema: String
        /// The installed version.
        public var version: String
        /// The version `create extension` would install today, when the server knows it.
        public var defaultVersion: String?

        /// Creates an entry.
        public init(name: String, schema: String, version: String, defaultVersion: String? = nil) {
            self.name = name
            self.schema = schema
            self.version = version
            self.defaultVersion = defaultVersion
        }
    }

    /// A foreign table (never subject to RLS), or a queue table without RLS, and the API roles that may read it.
    public struct ForeignTable: Equatable, Sendable, Codable {
        /// Its qualified name.
        public var name: QualifiedName
        /// `anon` and/or `authenticated` when they hold `SELECT`, sorted by name.
        public var readers: [Role]

        /// Creates an entry.
        public init(name: QualifiedName, readers: [Role]) {
            self.name = name
            self.readers = readers.sorted(by: Role.byName)
        }
    }

    /// A storage bucket (`storage.buckets`).
    public struct Bucket: Equatable, Sendable, Codable {
        /// Its id, which `storage.objects.bucket_id` holds.
        public var id: String
        /// Its name.
        public var name: String
        /// Files are served by public URL without any policy.
        public var isPublic: Bool
        /// The largest file the storage API accepts, in bytes; nil for the project's limit.
        public var fileSizeLimit: Int64?
        /// The MIME types the storage API accepts; nil for any.
        public var allowedMimeTypes: [String]?

        /// Creates an entry.
        public init(id: String, name: String, isPublic: Bool, fileSizeLimit: Int64? = nil, allowedMimeTypes: [String]? = nil) {
            self.id = id
            self.name = name
            self.isPublic = isPublic
            self.fileSizeLimit = fileSizeLimit
            self.allowedMimeTypes = allowedMimeTypes
        }
    }
}
