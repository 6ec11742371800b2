import RLSPostgres

extension Connection {
    /// Objects of the managed schemas that the catalog does not read at all, so neither the DSL nor a
    /// baseline can hold them: domains, composite and range types, aggregates and window functions
    /// (not those of extensions), as `(kind, name)` pairs in a fixed order. `rls pull` names them
    /// rather than leave them out in silence.
    ///
    ///     try connection.unmodelledObjects()   // [("domain", "walk.email"), ("aggregate", "walk.total(integer)")]
    public func unmodelledObjects() throws -> [(kind: String, name: String)] {
        try query(
            """
            select kind, name from (
              select case t.typtype when 'd' then 'domain' when 'r' then 'range type' else 'composite type' end as kind,
                     n.nspname || '.' || t.typname as name
              from pg_type t join pg_namespace n on n.oid = t.typnamespace
              where \(IntrospectionQuery.managed) and \(ManagedSchemas.notExtensionMember("t.oid", catalog: "pg_type"))
                and (t.typtype in ('d', 'r')
                     or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))
              union all
              select case p.prokind when 'a' then 'aggregate' else 'window function' end,
                     n.nspname || '.' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')'
              from pg_proc p join pg_namespace n on n.oid = p.pronamespace
              where p.prokind in ('a', 'w') and \(IntrospectionQuery.managed)
                and \(ManagedSchemas.notExtensionMember("p.oid", catalog: "pg_proc"))
            ) o order by 1, 2
            """
        ).rows.map { (try $0.string("kind"), try $0.string("name")) }
    }
}
