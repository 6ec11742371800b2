import RLSModel

extension Catalog {
    /// What a new Supabase database holds before any migration, as far as the catalog reads it:
    /// nothing of the project's, and the usage of schema `public` that every project gives PUBLIC
    /// and the API roles (``RLSModel/SchemaUsage/publicDefault``). A baseline starts here.
    ///
    ///     ChangePlan(from: .newSupabaseDatabase(defaultPrivileges: live.defaultPrivileges), to: live)
    public static func newSupabaseDatabase(defaultPrivileges: [DefaultPrivilege] = []) -> Catalog {
        Catalog(grants: publicSchemaUsage, defaultPrivileges: defaultPrivileges)
    }

    /// The connected role's default privileges on a new project like the one `self` was read from:
    /// Supabase's older grants to the API roles in `public` (``hasLegacyPublicDefaults``), or none.
    public var newProjectDefaultPrivileges: [DefaultPrivilege] {
        hasLegacyPublicDefaults ? Self.legacyPublicDefaultPrivileges : []
    }

    /// `USAGE` on schema `public` for each role of ``RLSModel/SchemaUsage/publicDefault``.
    static let publicSchemaUsage = SchemaUsage.publicDefault.map {
        Grant(
            objectKind: .schema, object: QualifiedName(schema: SupabaseSchemas.public, name: ""), grantee: $0.name,
            privilege: "USAGE")
    }
}
