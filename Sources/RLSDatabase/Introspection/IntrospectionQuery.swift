import RLSEmbedded
import RLSMigrations
import RLSPostgres

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

    /// A `text[]` of `schema<US>relation<US>column` (column empty for a whole relation) that the
    /// object `objid` of catalog `catalog` (a policy, trigger or view rule) reads. A correlated
    /// index probe per object, so the plan does not hang on (often stale) catalog statistics.
    static func dependencies(_ catalog: String, objid: String) -> String {
        """
        array(select distinct dn.nspname || chr(31) || dc.relname || chr(31)
                     || coalesce((select da.attname from pg_attribute da
                                  where da.attrelid = d.refobjid and da.attnum = d.refobjsubid and d.refobjsubid > 0), '')
              from pg_depend d
              join pg_class dc on dc.oid = d.refobjid
              join pg_namespace dn on dn.oid = dc.relnamespace
              where d.classid = '\(catalog)'::regclass and d.objid = \(objid)
                and d.refclassid = 'pg_class'::regclass and d.deptype = 'n')::text[]
        """
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

    /// Tables, views and materialized views (whether one holds rows: `relispopulated`).
    static let relations = """
        select n.nspname as schema, c.relname as name, c.relkind::text as kind,
               c.relrowsecurity as row_security, c.relforcerowsecurity as force_row_security,
               \(comment("c.oid", catalog: "pg_class")) as comment, coalesce(c.reloptions, '{}')::text[] as options,
               case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid) end as query, c.relispopulated as populated,
               case when r.oid is null then '{}'::text[] else \(dependencies("pg_rewrite", objid: "r.oid")) end
                   as dependencies
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join pg_rewrite r on r.ev_class = c.oid and r.rulename = '_RETURN'
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
