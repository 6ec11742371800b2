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
        """
}
