import RLSPostgres

extension SupabaseShape {
    /// The `storage` schema as hosted projects have it, for policies on `storage.objects` to compile
    /// and be probed locally: `storage.buckets`, `storage.objects`, the `foldername`, `filename` and
    /// `extension` helpers, owned by `supabase_storage_admin`, RLS on, granted to the API roles.
    ///
    /// Written for this project from Supabase's documented behaviour (the columns its storage API and
    /// policies read), not copied from the storage service's migrations. The service creates and
    /// migrates this schema itself on hosted projects; `rls` never creates or alters these tables there.
    public static let storage = """
        create schema storage authorization supabase_storage_admin;
        grant usage on schema storage to anon, authenticated, service_role, postgres;

        create table storage.buckets (
            id text primary key,
            name text not null unique,
            owner uuid,
            owner_id text,
            public boolean not null default false,
            file_size_limit bigint,
            allowed_mime_types text[],
            created_at timestamptz default now(),
            updated_at timestamptz default now()
        );

        create table storage.objects (
            id uuid primary key default gen_random_uuid(),
            bucket_id text references storage.buckets (id),
            name text,
            owner uuid,
            owner_id text,
            metadata jsonb,
            user_metadata jsonb,
            path_tokens text[] generated always as (string_to_array(name, '/')) stored,
            version text,
            created_at timestamptz default now(),
            updated_at timestamptz default now(),
            last_accessed_at timestamptz default now(),
            unique (bucket_id, name)
        );

        -- 'a/b/c.png' -> {a,b}: the folders of an object's name.
        create function storage.foldername(name text) returns text[] language sql immutable as $$
            select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
        $$;
        -- 'a/b/c.png' -> 'c.png'
        create function storage.filename(name text) returns text language sql immutable as $$
            select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
        $$;
        -- 'a/b/c.png' -> 'png'
        create function storage.extension(name text) returns text language sql immutable as $$
            select case when storage.filename(name) like '%.%'
                        then reverse(split_part(reverse(storage.filename(name)), '.', 1)) end
        $$;

        alter table storage.buckets enable row level security;
        alter table storage.objects enable row level security;
        alter table storage.buckets owner to supabase_storage_admin;
        alter table storage.objects owner to supabase_storage_admin;
        alter function storage.foldername(text) owner to supabase_storage_admin;
        alter function storage.filename(text) owner to supabase_storage_admin;
        alter function storage.extension(text) owner to supabase_storage_admin;
        grant all on table storage.buckets, storage.objects to anon, authenticated, service_role;
        -- postgres creates buckets; it does not own the tables (hosted projects moved ownership away from it).
        grant all on table storage.buckets, storage.objects to postgres with grant option;
        grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
            to anon, authenticated, service_role, postgres;
        """ + deleteGuard + storagePolicyManagement

    /// The storage service's guard against deleting files and buckets in SQL: statement-level
    /// `BEFORE DELETE` triggers on `storage.objects` and `storage.buckets` raise 42501 unless the
    /// transaction has set `storage.allow_delete_query` to `'true'`, which the Storage API does for
    /// its own deletes (a row gone without its stored file would orphan it). Every role meets it,
    /// `postgres` and `service_role` too; RLS still decides which rows a permitted delete reaches.
    ///
    /// As supabase/storage's tenant migrations define it (`0050-prevent-direct-deletes.sql`, whose
    /// setting later became `storage.allow_delete_query`), in our own words.
    static let deleteGuard = """

        create function storage.protect_delete() returns trigger language plpgsql as $$
        begin
            if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
                raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
                    using errcode = '42501',
                          hint = 'This prevents accidental data loss from orphaned objects.';
            end if;
            return null;
        end
        $$;
        alter function storage.protect_delete() owner to supabase_storage_admin;
        create trigger protect_buckets_delete before delete on storage.buckets
            for each statement execute function storage.protect_delete();
        create trigger protect_objects_delete before delete on storage.objects
            for each statement execute function storage.protect_delete();
        """

    /// What hosted projects let `postgres` do in `storage`: create, change and drop policies on its
    /// tables (Supabase's `supautils.policy_grants` allows exactly that) and write bucket rows, but not
    /// alter, comment on, index or drop the tables, nor create tables or functions there (42501, as the
    /// hosted "must be owner of table objects").
    ///
    /// Plain PostgreSQL ties policies to ownership, so `postgres` is made a member of the owner (which
    /// lets `create policy` through) and an event trigger refuses every other DDL in `storage` from a
    /// session that is not a superuser's: generated SQL that would fail on a hosted project fails here too.
    ///
    /// The trigger runs after every DDL statement of every script the embedded server runs (a desired
    /// state of 1,000 tables is 5,000 of them), so it returns at once for the kinds hosted projects
    /// allow (`tg_tag`: most of a schema's statements are policies and grants), asks only about
    /// `storage`'s commands, and who the session is only when one of them is refused. It sets no `search_path` (a function's `SET`
    /// costs each call a save and restore of the setting: with the superuser check on every command,
    /// the trigger was a fifth of the server's time building such a schema) and names every
    /// function, table and operator by its schema instead.
    static let storagePolicyManagement = """
        grant supabase_storage_admin to postgres;

        create function storage.refuse_ddl_outside_policies() returns event_trigger
        language plpgsql as $$
        declare
            command record;
        begin
            -- What hosted projects allow on storage's tables: statements of these kinds make no other command.
            if tg_tag operator(pg_catalog.=) any (array['CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'GRANT', 'REVOKE']) then
                return;
            end if;
            if tg_event operator(pg_catalog.=) 'sql_drop' then
                for command in select * from pg_catalog.pg_event_trigger_dropped_objects() d
                               where d.schema_name operator(pg_catalog.=) 'storage' and d.object_type operator(pg_catalog.<>) 'policy' loop
                    if (select r.rolsuper from pg_catalog.pg_roles r where r.rolname operator(pg_catalog.=) session_user) then
                        return;
                    end if;
                    raise exception 'must be owner of % %', command.object_type, command.object_identity
                        using errcode = '42501',
                              hint = 'The storage service owns the storage schema: projects add policies and bucket rows, never change its tables.';
                end loop;
                return;
            end if;
            for command in select * from pg_catalog.pg_event_trigger_ddl_commands() d
                           where d.schema_name operator(pg_catalog.=) 'storage'
                             and d.command_tag operator(pg_catalog.<>) all (array['CREATE POLICY', 'ALTER POLICY', 'DROP POLICY', 'GRANT', 'REVOKE']) loop
                if (select r.rolsuper from pg_catalog.pg_roles r where r.rolname operator(pg_catalog.=) session_user) then
                    return;
                end if;
                raise exception 'must be owner of % %', command.object_type, command.object_identity
                    using errcode = '42501',
                          hint = 'The storage service owns the storage schema: projects add policies and bucket rows, never change its tables.';
            end loop;
        end
        $$;
        revoke all on function storage.refuse_ddl_outside_policies() from public;
        create event trigger storage_ddl_outside_policies on ddl_command_end
            execute function storage.refuse_ddl_outside_policies();
        create event trigger storage_drops_outside_policies on sql_drop
            execute function storage.refuse_ddl_outside_policies();
        """
}
