import RLSPostgres

extension SupabaseShape {
    /// What Supabase Realtime keeps in each database, as far as access goes.
    ///
    /// - The `supabase_realtime` publication: a table's changes reach subscribers only when the table
    ///   is in it. Created empty and owned by `postgres`, as on hosted projects, so the non-superuser
    ///   tool may add and remove its own tables.
    /// - `realtime.messages`: private-channel authorization. Realtime tries a `select` (receive) or an
    ///   `insert` (send) on it as the subscriber, with the channel's topic in the `realtime.topic`
    ///   setting, and lets the subscriber in when the policies that projects add allow it. Owned by
    ///   `supabase_realtime_admin`, of which `postgres` is a member, so `postgres` may create policies
    ///   on it but the table itself is Supabase's.
    /// - `realtime.topic()`: the topic being joined, for those policies.
    ///
    /// Written for this project from Supabase's documented behaviour; the hosted table is partitioned
    /// by day, which policies cannot tell apart from this plain table.
    static let realtime = """
        create publication supabase_realtime;
        alter publication supabase_realtime owner to postgres;

        create schema realtime authorization supabase_realtime_admin;
        grant usage on schema realtime to anon, authenticated, service_role, postgres;

        create table realtime.messages (
            id uuid not null default gen_random_uuid(),
            topic text not null,
            extension text not null,
            payload jsonb,
            event text,
            private boolean default false,
            updated_at timestamp not null default now(),
            inserted_at timestamp not null default now(),
            primary key (id)
        );
        alter table realtime.messages owner to supabase_realtime_admin;
        alter table realtime.messages enable row level security;
        grant select, insert, update on table realtime.messages to anon, authenticated;
        grant all on table realtime.messages to service_role;

        create function realtime.topic() returns text language sql stable as $$
            select nullif(current_setting('realtime.topic', true), '')
        $$;
        alter function realtime.topic() owner to supabase_realtime_admin;
        grant execute on function realtime.topic() to anon, authenticated, service_role, postgres;

        """
}
