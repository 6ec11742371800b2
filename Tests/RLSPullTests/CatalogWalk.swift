import RLSPostgres

/// Every object a database holds, read straight from `pg_catalog` without rls's introspection, as
/// `kind identity` → a definition: what the issue's "nothing silently dropped" walk compares.
///
/// Each catalog with objects of its own is read (relations, columns, constraints, indexes, functions
/// and aggregates, types, triggers, policies, schemas, extensions, event triggers, publications
/// and their members, comments, casts, operators and their classes, collations, text search
/// objects, rules, statistics objects, foreign data, default privileges) with the object's
/// identity as Postgres names it (`pg_identify_object`) and, where the catalog offers one, its
/// definition and ACL. Objects a fresh database already holds are subtracted by the caller: what is
/// left is the user's.
enum CatalogWalk {
    /// The kinds the walk reads, each a query giving `kind`, `identity`, `definition`.
    static let kinds: [(catalog: String, query: String)] = [
        ("pg_namespace", "select oid, \(acl("nspacl", "'n'", "nspowner")) as definition from pg_namespace"),
        (
            "pg_class",
            """
            select c.oid, c.relkind::text || ' ' || \(acl("c.relacl", "case c.relkind when 'S' then 's' else 'r' end", "c.relowner")) || ' rls=' || c.relrowsecurity || c.relforcerowsecurity
                   || ' ' || coalesce(c.reloptions::text, '') || ' ' || c.relreplident::text
                   || coalesce(' ' || case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end, '')
                   || coalesce(' ' || case when c.relkind = 'i' then pg_get_indexdef(c.oid) end, '')
                   || coalesce((select ' ' || s.seqtypid::regtype || s.seqstart || '/' || s.seqincrement || '/' || s.seqmin || '/'
                                       || s.seqmax || '/' || s.seqcache || s.seqcycle from pg_sequence s where s.seqrelid = c.oid), '')
                   as definition
            from pg_class c where c.relkind <> 't' and c.relkind <> 'c'
            """
        ),
        (
            "pg_class",
            """
            select a.attrelid as oid, a.attnum as sub,
                   format_type(a.atttypid, a.atttypmod) || ' notnull=' || a.attnotnull || ' ' || a.attidentity::text || a.attgenerated::text
                   || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') || ' ' || coalesce(a.attacl::text, '')
                   || ' collation ' || a.attcollation::regcollation::text as definition
            from pg_attribute a join pg_class c on c.oid = a.attrelid
            left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
            where a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm', 'f', 'c')
            """
        ),
        ("pg_constraint", "select oid, pg_get_constraintdef(oid) as definition from pg_constraint"),
        (
            "pg_proc",
            """
            select oid, \(acl("proacl", "'f'", "proowner")) || ' '
                   || case when prokind in ('f', 'p') then pg_get_functiondef(oid) else prokind::text end as definition
            from pg_proc
            """
        ),
        (
            "pg_proc",
            """
            select aggfnoid as oid, 'aggregate' as facet, aggkind::text || ' ' || aggtransfn::regproc::text || ' ' || aggtranstype::regtype::text || ' '
                   || aggfinalfn::regproc::text || ' ' || coalesce(agginitval, '') as definition
            from pg_aggregate
            """
        ),
        (
            "pg_type",
            "select oid, typtype::text || ' ' || \(acl("typacl", "'T'", "typowner")) || ' ' || coalesce(typdefault, '') as definition from pg_type where typcategory <> 'A'"
        ),
        ("pg_type", "select enumtypid as oid, 'label ' || enumlabel as facet, enumsortorder::text as definition from pg_enum"),
        (
            "pg_type",
            "select rngtypid as oid, 'range' as facet, rngsubtype::regtype::text || ' ' || rngsubdiff::regproc::text as definition from pg_range"
        ),
        ("pg_trigger", "select oid, pg_get_triggerdef(oid) || ' ' || tgenabled::text as definition from pg_trigger where not tgisinternal"),
        (
            "pg_policy",
            """
            select oid, polcmd::text || ' ' || polpermissive || ' ' || polroles::regrole[]::text || ' '
                   || coalesce(pg_get_expr(polqual, polrelid), '') || ' ' || coalesce(pg_get_expr(polwithcheck, polrelid), '') as definition
            from pg_policy
            """
        ),
        ("pg_extension", "select oid, extnamespace::regnamespace::text as definition from pg_extension"),
        (
            "pg_event_trigger",
            "select oid, evtevent || ' ' || evtfoid::regproc::text || ' ' || evtenabled::text as definition from pg_event_trigger"
        ),
        (
            "pg_publication",
            "select oid, pubinsert || ' ' || pubupdate || ' ' || pubdelete || ' ' || pubtruncate as definition from pg_publication"
        ),
        ("pg_publication_rel", "select oid, coalesce(pg_get_expr(prqual, prrelid), '') as definition from pg_publication_rel"),
        ("pg_publication_namespace", "select oid, '' as definition from pg_publication_namespace"),
        ("pg_cast", "select oid, castcontext::text || ' ' || castmethod::text as definition from pg_cast"),
        ("pg_operator", "select oid, oprcode::regproc::text as definition from pg_operator"),
        ("pg_opclass", "select oid, '' as definition from pg_opclass"),
        ("pg_opfamily", "select oid, '' as definition from pg_opfamily"),
        ("pg_collation", "select oid, '' as definition from pg_collation"),
        ("pg_conversion", "select oid, '' as definition from pg_conversion"),
        ("pg_ts_config", "select oid, '' as definition from pg_ts_config"),
        ("pg_ts_dict", "select oid, '' as definition from pg_ts_dict"),
        ("pg_rewrite", "select oid, pg_get_ruledef(oid) as definition from pg_rewrite where rulename <> '_RETURN'"),
        ("pg_statistic_ext", "select oid, pg_get_statisticsobjdef(oid) as definition from pg_statistic_ext"),
        ("pg_foreign_data_wrapper", "select oid, '' as definition from pg_foreign_data_wrapper"),
        ("pg_foreign_server", "select oid, '' as definition from pg_foreign_server"),
        ("pg_transform", "select oid, '' as definition from pg_transform"),
        ("pg_language", "select oid, '' as definition from pg_language"),
        ("pg_default_acl", "select oid, defaclacl::text as definition from pg_default_acl"),
        ("pg_largeobject_metadata", "select oid, '' as definition from pg_largeobject_metadata"),
    ]

    /// The ACL in `column` as sorted text, the built-in default (`kind`, `owner`) when it is NULL.
    static func acl(_ column: String, _ kind: String, _ owner: String) -> String {
        "coalesce((select string_agg(x::text, ',' order by x::text) from unnest(coalesce(\(column), acldefault((\(kind))::\"char\", \(owner)))) x), '')"
    }

    /// ACLs are compared by meaning: a missing one (NULL, the built-in default) equals the same
    /// privileges written out.
    ///
    /// `type identity` → definition, for every object in the database (comments as their own
    /// `comment on ...` entries). System catalogs and the TOAST schemas are skipped: they are the same
    /// in every database.
    static func read(_ connection: Connection) throws -> [String: String] {
        var objects: [String: String] = [:]
        for (catalog, query) in kinds {
            let sql = """
                select (pg_identify_object('\(catalog)'::regclass, o.oid, \(query.contains(" as sub,") ? "o.sub" : "0"))).*,
                       o.definition, \(query.contains(" as facet,") ? "o.facet" : "null::text as facet")
                from (\(query)) o
                """
            for row in try connection.query(sql) {
                let schema = row["schema"] ?? ""
                guard !["pg_catalog", "information_schema", "pg_toast"].contains(schema), !schema.hasPrefix("pg_temp"),
                    !schema.hasPrefix("pg_toast_temp")
                else { continue }
                let type = try row.string("type")
                let identity = try row.string("identity")
                if ["pg_catalog", "information_schema"].contains(identity) || identity.hasPrefix("pg_toast")
                    || identity.hasPrefix("pg_temp")
                {
                    continue
                }
                let facet = row["facet"].map { " (\($0))" } ?? ""
                objects["\(type) \(identity)\(facet)"] = row["definition"] ?? ""
            }
        }
        for row in try connection.query(
            """
            select pg_describe_object(classoid, objoid, objsubid) as object, description from pg_description
            """)
        {
            objects["comment on \(try row.string("object"))"] = try row.string("description")
        }
        return objects
    }

    /// The objects of `database` a fresh database (`baseline`) does not hold as they are.
    static func userObjects(_ database: [String: String], beyond baseline: [String: String]) -> [String: String] {
        database.filter { baseline[$0.key] != $0.value }
    }
}
