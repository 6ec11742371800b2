import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension IntrospectionQuery {
    /// The catalogs an introspection reads, directly or through the server's own deparsing
    /// (`pg_get_expr` names operators, collations and casts; `pg_get_indexdef` operator classes and
    /// access methods), with `pg_roles` read whole instead of `pg_authid`, which only a superuser may
    /// read. `IntrospectionStampTests` fails when a query reads a catalog this list lacks.
    static let stampedCatalogs = [
        "pg_am", "pg_attrdef", "pg_attribute", "pg_auth_members", "pg_cast", "pg_class", "pg_collation", "pg_constraint",
        "pg_default_acl", "pg_depend", "pg_description", "pg_enum", "pg_event_trigger", "pg_extension", "pg_index",
        "pg_inherits", "pg_language", "pg_namespace", "pg_opclass", "pg_operator", "pg_policy", "pg_proc", "pg_publication",
        "pg_publication_namespace", "pg_publication_rel", "pg_rewrite", "pg_sequence", "pg_trigger", "pg_type",
    ]

    /// One row, `identity` and `stamp`: which database this is (server version and address, role,
    /// database: staging and production projects keep an entry each), and
    /// a digest of the row versions (`xmin`, in physical order) of every ``stampedCatalogs`` catalog
    /// and the whole of `pg_roles`. Any DDL, grant, comment or role change writes a new row version,
    /// so an unchanged stamp means an unchanged catalog; a rewrite that only moves rows (VACUUM FULL)
    /// changes it without a change, which costs a full read, never a wrong answer. About one
    /// sequential scan of each catalog: tens of milliseconds at a thousand tables, against a second
    /// for the full introspection.
    static let stamp: String = {
        let digests = stampedCatalogs.map { "(select md5(string_agg(xmin::text, ',')) from pg_catalog.\($0))" }
        return """
            select concat_ws(chr(31), version(), inet_server_addr(), inet_server_port(), current_user, current_database()) as identity,
                   md5(concat_ws(chr(31), \(digests.joined(separator: ",\n       ")),
                   (select md5(string_agg(r::text, chr(30) order by r.oid)) from pg_catalog.pg_roles r))) as stamp
            """
    }()
}

/// What one database's catalog looks like at one moment, without reading it: see
/// ``IntrospectionQuery/stamp``.
struct CatalogStamp: Equatable {
    /// Server version and address, role and database: which database the stamp is of.
    var identity: String
    /// The digest of the catalogs' row versions.
    var stamp: String
}

extension Connection {
    /// The database's ``CatalogStamp``, in one round trip.
    func catalogStamp() throws -> CatalogStamp {
        let row = try query(IntrospectionQuery.stamp).first
        return CatalogStamp(identity: row?["identity"] ?? "", stamp: row?["stamp"] ?? "")
    }

    /// ``catalogStamp()``, or nil where it cannot be read and a full read must do: inside an open
    /// transaction (a failing query would abort it), or when the server refuses the query (before
    /// PostgreSQL 15 there is no `pg_publication_namespace`; a hardened database may hide a catalog).
    func catalogStampIfReadable() throws -> CatalogStamp? {
        guard !isInTransaction else { return nil }
        do {
            return try catalogStamp()
        } catch let error as DatabaseError where !error.isConnectionFailure {
            return nil
        }
    }
}
