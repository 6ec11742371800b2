import RLSEmbedded
import RLSMigrations
import RLSPostgres

extension IntrospectionQuery {
    /// Policies on managed tables, on `storage.objects` and on `realtime.messages` (private channels).
    static let policies = """
        select n.nspname as schema, c.relname as table_name, p.polname as name, p.polcmd::text as command,
               p.polpermissive as permissive,
               array(select case when r = 0 then 'public' else pg_get_userbyid(r)::text end
                     from unnest(p.polroles) r)::text[] as roles,
               pg_get_expr(p.polqual, p.polrelid) as using_expression,
               pg_get_expr(p.polwithcheck, p.polrelid) as check_expression,
               \(comment("p.oid", catalog: "pg_policy")) as comment,
               \(dependencies("pg_policy", objid: "p.oid")) as dependencies
        from pg_policy p
        join pg_class c on c.oid = p.polrelid
        join pg_namespace n on n.oid = c.relnamespace
        where \(managed) or (n.nspname = 'storage' and c.relname = 'objects')
           or (n.nspname = 'realtime' and c.relname = 'messages')
        """

    /// Functions and procedures (not aggregates, not those of extensions).
    static let functions = """
        select n.nspname as schema, p.proname as name, pg_get_function_identity_arguments(p.oid) as arguments,
               coalesce(pg_get_function_result(p.oid), '') as result, p.prokind::text as kind,
               p.prosecdef as security_definer, pg_get_functiondef(p.oid) as definition,
               \(comment("p.oid", catalog: "pg_proc")) as comment,
               (select substr(s, length('search_path=') + 1) from unnest(p.proconfig) s
                where s like 'search_path=%') as search_path
        from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        where p.prokind in ('f', 'p') and \(managed)
          and \(ManagedSchemas.notExtensionMember("p.oid", catalog: "pg_proc")) and \(ManagedSchemas.notPartOfAType("p.oid"))
        """

    /// The grantee's name; `public` for PUBLIC (grantee 0).
    private static let grantee = "case when a.grantee = 0 then 'public' else pg_get_userbyid(a.grantee)::text end"

    /// Every privilege on managed schemas, tables, views, sequences, columns and functions, except
    /// the owner's own; on schema `public` not `postgres`'s (Supabase grants it
    /// that everywhere, while the owner of `public` differs between Postgres versions); then one
    /// `SEQUENCE*` row per sequence and the `DEFAULT` privileges. A missing ACL means the built-in
    /// default (`acldefault`), so both sides of a diff read the same whether or not the ACL was ever
    /// written.
    static let grants = """
        select 'SCHEMA' as object_kind, n.nspname as schema, '' as name, null::text as arguments, null::text as column_name,
               \(grantee) as grantee, a.privilege_type as privilege, a.is_grantable as grantable
        from pg_namespace n, aclexplode(coalesce(n.nspacl, acldefault('n', n.nspowner))) a
        where \(managed) and a.grantee <> n.nspowner
          and (n.nspname <> 'public'
               or a.grantee <> coalesce((select oid from pg_roles where rolname = 'postgres'), 0))
          and \(ManagedSchemas.notExtensionMember("n.oid", catalog: "pg_namespace"))
        union all
        select case when c.relkind = 'S' then 'SEQUENCE' else 'TABLE' end, n.nspname, c.relname, null, null,
               \(grantee), a.privilege_type, a.is_grantable
        from pg_class c join pg_namespace n on n.oid = c.relnamespace,
             aclexplode(coalesce(c.relacl, acldefault(case when c.relkind = 'S' then 's' else 'r' end::"char", c.relowner))) a
        where c.relkind in ('r', 'p', 'v', 'm', 'S') and \(managed) and a.grantee <> c.relowner
          and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
        union all
        select 'TABLE', n.nspname, c.relname, null, att.attname, \(grantee), a.privilege_type, a.is_grantable
        from pg_attribute att
        join pg_class c on c.oid = att.attrelid
        join pg_namespace n on n.oid = c.relnamespace,
             aclexplode(att.attacl) a
        where att.attacl is not null and att.attnum > 0 and not att.attisdropped and \(managed)
          and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
        union all
        select 'FUNCTION', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), null,
               \(grantee), a.privilege_type, a.is_grantable
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
             aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
        where p.prokind in ('f', 'p') and \(managed) and a.grantee <> p.proowner
          and \(ManagedSchemas.notExtensionMember("p.oid", catalog: "pg_proc")) and \(ManagedSchemas.notPartOfAType("p.oid"))
        union all
        select 'SEQUENCE*', n.nspname, c.relname, null, null, null, null, false
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'S' and \(managed) and \(ManagedSchemas.notExtensionMember("c.oid", catalog: "pg_class"))
        union all
        \(defaultPrivilegeRows)
        """

    /// Every role's default privileges, global and in managed schemas; `arguments` names the role,
    /// null for the connected one (the one that will run `CREATE`); `column_name` is `outside` when
    /// the connected role is not a member of it (so may not alter its defaults). A role's entries for
    /// itself are `DEFAULT OWN` (the owner's implicit privileges).
    static let defaultPrivilegeRows = """
        select case when a.grantee = d.defaclrole then 'DEFAULT OWN' else 'DEFAULT' end,
               coalesce(n.nspname, ''), d.defaclobjtype::text,
               case when d.defaclrole = (select oid from pg_roles where rolname = current_user) then null
                    else pg_get_userbyid(d.defaclrole)::text end,
               case when pg_has_role(d.defaclrole, 'MEMBER') then null else 'outside' end,
               \(grantee) as grantee, a.privilege_type as privilege, a.is_grantable as grantable
        from pg_default_acl d
        left join pg_namespace n on n.oid = d.defaclnamespace,
             aclexplode(d.defaclacl) a
        where d.defaclnamespace = 0 or \(managed)
        """
}
