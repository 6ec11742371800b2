import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension IntrospectionQuery {
    /// Managed tables that Realtime pushes changes of (in the `supabase_realtime` publication, also
    /// through a `for all tables` or `for tables in schema` one) or whose replica identity is not the
    /// default. Other tables are neither, so the result stays small.
    static let liveTables = """
        with live as (
            select pt.schemaname, pt.tablename from pg_publication_tables pt where pt.pubname = 'supabase_realtime'
        )
        select n.nspname as schema, c.relname as name, c.relreplident::text as replica_identity,
               (live.tablename is not null) as live
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        left join live on live.schemaname = n.nspname and live.tablename = c.relname
        where c.relkind in ('r', 'p') and \(managed) and (live.tablename is not null or c.relreplident <> 'd')
          and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
        order by 1, 2
        """
}
