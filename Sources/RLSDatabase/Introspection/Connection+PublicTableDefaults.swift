import RLSCatalog
import RLSEmbedded
import RLSPostgres

extension Connection {
    /// How the database treats new tables in `public` (``Catalog/publicTableDefaults``), read alone:
    /// one small query on `pg_default_acl`, the same rows the full introspection reads, so that a
    /// first `rls plan` can build the desired state while the rest of the catalog is read.
    func publicTableDefaults() throws -> DefaultPrivileges {
        let result = try query(
            """
            select * from (\(IntrospectionQuery.defaultPrivilegeRows))
                as d(object_kind, schema, name, arguments, column_name, grantee, privilege, grantable)
            """)
        var reader = CatalogRows()
        try reader.readGrants(result)
        return Catalog(defaultPrivileges: reader.defaultPrivileges).publicTableDefaults
    }
}
