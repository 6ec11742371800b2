import RLSModel

extension Catalog {
    /// One entry of `pg_default_acl`: a privilege that objects a role creates receive automatically
    /// (`ALTER DEFAULT PRIVILEGES`), such as Supabase's older `GRANT ALL ON TABLES TO anon` in `public`.
    ///
    /// Entries of the connected role (`role` nil) also tell the diff which grants a `CREATE` brings
    /// with it. Those of Supabase's own roles are read for pull's notes only; the rest are compared
    /// by ``defaultPrivilegeChanges(from:to:)``.
    public struct DefaultPrivilege: Hashable, Sendable, Codable {
        /// The schema it applies in, or nil for the role's global default (which replaces the built-in one).
        public var schema: String?
        /// Tables (and views), sequences, functions, types or schemas.
        public var objectKind: Grant.ObjectKind
        /// The role that receives the privilege (``Role/public`` for PUBLIC).
        public var grantee: Role
        /// The privilege, for example `.select` (`SELECT`).
        public var privilege: Privilege
        /// `WITH GRANT OPTION`.
        public var grantable: Bool
        /// The creating role's entry for itself (Supabase's `... grant all on tables to postgres, anon,
        /// ...` run by `postgres`): it becomes the owner's own privileges, which Postgres holds
        /// implicitly, so a new object gets no grant from it. It still counts as a global default
        /// that replaces the built-in one (PUBLIC's `EXECUTE` on functions).
        public var toCreator: Bool
        /// The role whose new objects receive it; nil for the connected role (the one that runs
        /// `CREATE` and the migrations).
        public var role: Role?
        /// False when the connected role is not a member of ``role``, so may not alter its defaults.
        public var alterable: Bool

        /// Creates a default privilege entry.
        public init(
            schema: String?, objectKind: Grant.ObjectKind, grantee: Role, privilege: Privilege, grantable: Bool = false,
            toCreator: Bool = false, role: Role? = nil, alterable: Bool = true
        ) {
            self.schema = schema
            self.objectKind = objectKind
            self.grantee = grantee
            self.privilege = privilege
            self.grantable = grantable
            self.toCreator = toCreator
            self.role = role
            self.alterable = alterable
        }

        /// True for an entry of one of Supabase's own roles (`supabase_admin`, ...), which a
        /// project's `postgres` may not change on hosted Supabase.
        public var isSupabases: Bool { role.map { SupabaseRoles.isSupabases($0.name) } ?? false }

        /// True when a migration run by the connected role may change it: not Supabase's, and of a
        /// role the connected one is a member of (Postgres's rule for `for role`).
        public var isManaged: Bool { !isSupabases && alterable }
    }

    /// The connected role's default privileges in `public` on a Supabase project made before
    /// 2026-10-30 (and the embedded `.legacyGrantAll` cluster): every privilege on new tables,
    /// sequences and functions for the API roles (supabase/postgres
    /// `migrations/db/init-scripts/00000000000000-initial-schema.sql`). A project made since holds none.
    public static let legacyPublicDefaultPrivileges: [DefaultPrivilege] = SupabaseDefaultPrivileges.legacyPublic.flatMap { declared in
        declared.roles.flatMap { role in
            declared.objects.privileges.compactMap(Privilege.init).map { privilege in
                DefaultPrivilege(
                    schema: declared.schema, objectKind: declared.objects.grantKind, grantee: role, privilege: privilege)
            }
        }
    }

    /// True when the connected role's default privileges hand new tables in `public` to an API
    /// role, as on projects made before 2026-10-30: a fresh database for comparison is made the same way.
    public var hasLegacyPublicDefaults: Bool {
        let apiRoles = Set(Role.clientRoles)
        return defaultPrivileges.contains { entry in
            entry.role == nil && entry.objectKind == .table && entry.schema == SupabaseSchemas.public && apiRoles.contains(entry.grantee)
        }
    }
}

extension DefaultPrivilege.Objects {
    /// The catalog's kind for these objects.
    public var grantKind: Catalog.Grant.ObjectKind {
        switch self {
        case .tables: .table
        case .sequences: .sequence
        case .functions: .function
        case .types: .type
        case .schemas: .schema
        }
    }

    /// The objects of a catalog kind.
    public init(_ kind: Catalog.Grant.ObjectKind) {
        switch kind {
        case .table: self = .tables
        case .sequence: self = .sequences
        case .function: self = .functions
        case .type: self = .types
        case .schema: self = .schemas
        }
    }
}

extension Privilege {
    /// The privilege a default-privilege declaration names; nil for `all`, which stands for several.
    init?(_ declared: DefaultPrivilege.Privilege) {
        self.init(rawValue: declared.rawValue)
    }
}
