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

    /// The connected role's default privileges on a new project like the one `self` was read from,
    /// which a baseline's `alter default privileges` start from: Supabase's older grants to the API
    /// roles in `public` (``hasLegacyPublicDefaults``), or none.
    ///
    /// A project that holds some of those grants but none to `anon` or `authenticated` (an older
    /// project that revoked them: `alter default privileges in schema public revoke all on tables
    /// from anon, authenticated`, or a new one that granted `service_role`) may have been made
    /// either way. It starts from the older grants it lacks, so the baseline revokes them (nothing
    /// to revoke on a new project) and grants what it holds (already held on an older one): the
    /// same defaults replayed on either kind of project.
    public var newProjectDefaultPrivileges: [DefaultPrivilege] {
        if hasLegacyPublicDefaults { return Self.legacyPublicDefaultPrivileges }
        let held = Set(defaultPrivileges.filter { $0.role == nil }.map(\.legacyKey))
        guard Self.legacyPublicDefaultPrivileges.contains(where: { held.contains($0.legacyKey) }) else { return [] }
        return Self.legacyPublicDefaultPrivileges.filter { !held.contains($0.legacyKey) }
    }

    /// `USAGE` on schema `public` for each role of ``RLSModel/SchemaUsage/publicDefault``.
    static let publicSchemaUsage = SchemaUsage.publicDefault.map {
        Grant(
            objectKind: .schema, object: QualifiedName(schema: SupabaseSchemas.public, name: ""), grantee: $0,
            privilege: .usage)
    }
}

extension Catalog.DefaultPrivilege {
    /// Where, on what, to whom and which: what an entry of the connected role is compared on with
    /// ``Catalog/legacyPublicDefaultPrivileges``.
    fileprivate var legacyKey: [String] { [schema ?? "", objectKind.rawValue, grantee.name, privilege.rawValue] }
}
