import RLSPostgres

extension Connection {
    /// The project's objects that neither the DSL nor the baseline carries, so `rls pull` names them
    /// rather than leave them out in silence, as `(kind, name)` pairs (Postgres's own words, from
    /// `pg_identify_object`) in a fixed order:
    ///
    /// - in the managed schemas: window functions (written in C), casts and operators with their
    ///   classes and families, collations, conversions, text search objects, rules, statistics
    ///   objects, and languages, foreign data wrappers, servers and publications with their tables and schemas
    ///   (other than Supabase's `supabase_realtime`), none of them an extension's;
    /// - event triggers whose function is the project's;
    /// - triggers the project put on Supabase's own tables other than `auth.users` (their function
    ///   is the project's), and policies on them other than on `storage.objects` and `realtime.messages`.
    ///
    ///     try connection.unmodelledObjects()   // [("event trigger", "audit_ddl"), ("cast", "(app.pair AS text)")]
    public func unmodelledObjects() throws -> [(kind: String, name: String)] {
        let managed = IntrospectionQuery.managed
        func notExtension(_ catalog: String, _ oid: String = "o.oid") -> String {
            ManagedSchemas.notExtensionMember(oid, catalog: catalog)
        }
        // Each part gives (catalog, oid) of objects that nothing carries.
        let parts = [
            """
            select 'pg_proc'::regclass, p.oid from pg_proc p join pg_namespace n on n.oid = p.pronamespace
            where p.prokind = 'w' and \(managed) and \(notExtension("pg_proc", "p.oid"))
            """,
            """
            select 'pg_cast'::regclass, o.oid from pg_cast o
            where o.oid >= 16384 and \(notExtension("pg_cast")) and \(ManagedSchemas.notPartOfAType("o.oid", catalog: "pg_cast"))
              and exists (select 1 from pg_type t join pg_namespace n on n.oid = t.typnamespace
                          where t.oid in (o.castsource, o.casttarget) and \(managed)
                          union all
                          select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
                          where p.oid = o.castfunc and \(managed))
            """,
            schemaScoped("pg_operator", "oprnamespace", managed),
            schemaScoped("pg_opclass", "opcnamespace", managed),
            schemaScoped("pg_opfamily", "opfnamespace", managed),
            schemaScoped("pg_collation", "collnamespace", managed),
            schemaScoped("pg_conversion", "connamespace", managed),
            schemaScoped("pg_ts_config", "cfgnamespace", managed),
            schemaScoped("pg_ts_dict", "dictnamespace", managed),
            schemaScoped("pg_ts_parser", "prsnamespace", managed),
            schemaScoped("pg_ts_template", "tmplnamespace", managed),
            schemaScoped("pg_statistic_ext", "stxnamespace", managed),
            """
            select 'pg_rewrite'::regclass, o.oid from pg_rewrite o join pg_class c on c.oid = o.ev_class
            join pg_namespace n on n.oid = c.relnamespace where o.rulename <> '_RETURN' and \(managed)
            """,
            """
            select 'pg_event_trigger'::regclass, o.oid from pg_event_trigger o
            join pg_proc p on p.oid = o.evtfoid join pg_namespace n on n.oid = p.pronamespace
            where \(managed) and \(notExtension("pg_event_trigger"))
            """,
            """
            select 'pg_trigger'::regclass, o.oid from pg_trigger o
            join pg_class c on c.oid = o.tgrelid join pg_namespace cn on cn.oid = c.relnamespace
            join pg_proc p on p.oid = o.tgfoid join pg_namespace n on n.oid = p.pronamespace
            where not o.tgisinternal and \(managed) and not \(ManagedSchemas.condition("cn.nspname"))
              and not (cn.nspname = 'auth' and c.relname = 'users')
            """,
            """
            select 'pg_policy'::regclass, o.oid from pg_policy o
            join pg_class c on c.oid = o.polrelid join pg_namespace n on n.oid = c.relnamespace
            where n.nspname in ('auth', 'storage', 'realtime')
              and not (n.nspname = 'storage' and c.relname = 'objects') and not (n.nspname = 'realtime' and c.relname = 'messages')
            """,
            unscoped("pg_language", "o.oid >= 16384"),
            unscoped("pg_foreign_data_wrapper", "o.oid >= 16384"),
            unscoped("pg_foreign_server", "o.oid >= 16384"),
            unscoped("pg_transform", "o.oid >= 16384"),
            unscoped("pg_publication", "o.pubname not like 'supabase\\_realtime%'"),
            """
            select 'pg_publication_rel'::regclass, o.oid from pg_publication_rel o join pg_publication p on p.oid = o.prpubid
            where p.pubname not like 'supabase\\_realtime%'
            union all
            select 'pg_publication_namespace'::regclass, o.oid from pg_publication_namespace o join pg_publication p on p.oid = o.pnpubid
            where p.pubname not like 'supabase\\_realtime%'
            """,
        ]
        return try query(
            """
            select i.type as kind, i.identity as name
            from (\(parts.joined(separator: "\nunion all\n"))) as o(classid, objid),
                 lateral pg_identify_object(o.classid, o.objid, 0) i
            order by 1, 2
            """
        ).rows.map { (try $0.string("kind"), try $0.string("name")) }
    }

    /// Objects of `catalog` in a managed schema (its column `namespace`), none an extension's.
    private func schemaScoped(_ catalog: String, _ namespace: String, _ managed: String) -> String {
        """
        select '\(catalog)'::regclass, o.oid from \(catalog) o join pg_namespace n on n.oid = o.\(namespace)
        where \(managed) and \(ManagedSchemas.notExtensionMember("o.oid", catalog: catalog))
        """
    }

    /// Objects of `catalog` (which has no schema) for which `condition` holds, none an extension's.
    private func unscoped(_ catalog: String, _ condition: String) -> String {
        """
        select '\(catalog)'::regclass, o.oid from \(catalog) o
        where \(condition) and \(ManagedSchemas.notExtensionMember("o.oid", catalog: catalog))
        """
    }
}

extension Connection {
    /// The current value of each standalone sequence (one no column owns) that has been used, by
    /// `schema.name`: data, which pull notes rather than carries.
    public func standaloneSequenceValues() throws -> [(name: String, value: String)] {
        try query(
            """
            select s.schemaname || '.' || s.sequencename as name, s.last_value::text as value
            from pg_sequences s join pg_namespace n on n.nspname = s.schemaname
            join pg_class c on c.relnamespace = n.oid and c.relname = s.sequencename
            where s.last_value is not null and \(IntrospectionQuery.managed)
              and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
              and not exists (select 1 from pg_depend d
                              where d.classid = 'pg_class'::regclass and d.objid = c.oid
                                and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i'))
            order by 1
            """
        ).rows.map { (try $0.string("name"), try $0.string("value")) }
    }
}
