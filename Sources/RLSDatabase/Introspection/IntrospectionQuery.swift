/// The catalog queries of one introspection: a fixed number, whatever the size of the database.
///
/// Each reads one kind of object for all managed schemas at once. They run with `search_path = ''`
/// so every name the server prints (types, functions, tables in expressions) is schema-qualified.
enum IntrospectionQuery {
    static let managed = ManagedSchemas.condition("n.nspname")

    /// The comment on an object: an index lookup in `pg_description` (cheaper per row than the
    /// `obj_description` SQL function).
    static func comment(_ oid: String, catalog: String, column: String = "0") -> String {
        """
        (select ds.description from pg_description ds
         where ds.objoid = \(oid) and ds.classoid = '\(catalog)'::regclass and ds.objsubid = \(column))
        """
    }

    /// A `WITH` item `dependency (classid, objid, refs)`: for every object of `catalog` (policies,
    /// triggers or view rules), a `text[]` of `schema<US>relation<US>column` (column empty for a
    /// whole relation) it reads, grouped in one pass over `pg_depend`.
    static func dependencyTable(_ catalog: String) -> String {
        """
        dependency as materialized (
            select d.classid, d.objid,
                   array_agg(distinct dn.nspname || chr(31) || dc.relname || chr(31) || coalesce(da.attname, '')) as refs
            from pg_depend d
            join pg_class dc on dc.oid = d.refobjid
            join pg_namespace dn on dn.oid = dc.relnamespace
            left join pg_attribute da on da.attrelid = d.refobjid and da.attnum = d.refobjsubid and d.refobjsubid > 0
            where d.classid = '\(catalog)'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype = 'n'
            group by d.classid, d.objid)
        """
    }

    /// `refs` of the dependency row joined as `alias`, or an empty array.
    static func dependencies(_ alias: String) -> String {
        "coalesce(\(alias).refs, '{}')::text[]"
    }

    /// Managed schemas (but `public`) and enum types.
    static let schemasAndEnums = """
        select 'schema' as kind, n.nspname as schema, '' as name,
               \(comment("n.oid", catalog: "pg_namespace")) as comment, null::text[] as labels
        from pg_namespace n
        where \(managed) and n.nspname <> 'public' and \(ManagedSchemas.notExtensionMember("n.oid", catalog: "pg_namespace"))
        union all
        select 'enum', n.nspname, t.typname, \(comment("t.oid", catalog: "pg_type")),
               array(select e.enumlabel::text from pg_enum e where e.enumtypid = t.oid order by e.enumsortorder)
        from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where t.typtype = 'e' and \(managed) and \(ManagedSchemas.notExtensionMember("t.oid", catalog: "pg_type"))
        """

    /// Tables, views and materialized views.
    static let relations = """
        with \(dependencyTable("pg_rewrite"))
        select n.nspname as schema, c.relname as name, c.relkind::text as kind,
               c.relrowsecurity as row_security, c.relforcerowsecurity as force_row_security,
               \(comment("c.oid", catalog: "pg_class")) as comment, coalesce(c.reloptions, '{}')::text[] as options,
               case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end as query,
               \(dependencies("dep")) as dependencies
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
        left join dependency dep on dep.classid = 'pg_rewrite'::regclass and dep.objid = r.oid
        where c.relkind in ('r', 'p', 'v', 'm') and \(managed)
          and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
        """

    /// Columns of tables, in physical order.
    static let columns = """
        select n.nspname as schema, c.relname as table_name, a.attname as name,
               format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null,
               pg_get_expr(ad.adbin, ad.adrelid) as default_value, a.attidentity::text as identity,
               a.attgenerated::text as generated, \(comment("c.oid", catalog: "pg_class", column: "a.attnum")) as comment,
               exists (select 1 from pg_depend s join pg_class sc on sc.oid = s.objid
                       where s.refclassid = 'pg_class'::regclass and s.refobjid = c.oid and s.refobjsubid = a.attnum
                         and s.classid = 'pg_class'::regclass and sc.relkind = 'S' and s.deptype = 'a') as owns_sequence
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
        where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and \(managed)
          and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
        order by n.nspname, c.relname, a.attnum
        """
}
