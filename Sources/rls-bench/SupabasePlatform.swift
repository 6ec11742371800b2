import Foundation
import RLSDatabase

/// What a hosted Supabase project holds besides the tables under test, at the sizes its services
/// make: the benchmark's "Supabase-shaped" target, next to the plain one (the embedded cluster's
/// minimal shape: `auth.users`, `storage.buckets`/`objects`, `realtime.messages`, two extensions).
///
/// Written for this benchmark from the object counts in Supabase's own sources, not copied from
/// them (bodies are stand-ins; only what the catalog holds matters here):
///
/// - supabase/auth `migrations/`: about 20 tables in `auth` (users with 35 columns, identities,
///   sessions, refresh tokens, MFA factors and challenges, SSO and SAML providers, flow state,
///   one-time tokens, OAuth clients ...), 7 enum types, about 70 indexes, RLS on every table,
///   `auth.schema_migrations` with one row per migration (about 70);
/// - supabase/storage `migrations/tenant/` (about 75 files): `storage.migrations`, multipart
///   uploads and their parts, prefixes, analytics and vector buckets, about 40 functions (search
///   v1/v2, listings with delimiters, prefix bookkeeping, size by bucket, bucket-name checks) and
///   their triggers on `objects`, `prefixes` and `buckets`;
/// - supabase/realtime `lib/realtime/tenants/repo/migrations/` (the squashed migration): the
///   `action` and `equality_op` enums, the `user_defined_filter`, `wal_column` and `wal_rls`
///   composite types, `subscription` with its filter-check trigger, `schema_migrations`, and about
///   15 functions (`apply_rls`, `list_changes`, `send`, `broadcast_changes`, `cast` ...);
/// - supabase/postgres `migrations/db/` (`init-scripts/00000000000000-initial-schema.sql`,
///   `schema.sql`, `migrations/20221207154255_create_pgsodium_and_vault.sql`,
///   `migrations/20220317095840_pg_graphql.sql`): `extensions` with `pg_stat_statements`,
///   `pgcrypto`, `uuid-ossp`; the platform roles; the `graphql`/`graphql_public`, `pgsodium`,
///   `vault` and `pgbouncer` schemas; the event-trigger functions in `extensions` and their event
///   triggers (`pgrst_ddl_watch`, `pgrst_drop_watch`, the `issue_*` ones); the default privileges
///   in `public` of `supabase_admin` and of `postgres` (granting all to `postgres` and the API roles). `pg_graphql`, `pgsodium`
///   and `pgjwt` are not in a plain PostgreSQL 15; their schemas get plain SQL functions and
///   types of the same number instead (pgsodium's hundred-odd, graphql's few dozen).
///
/// Everything lands in schemas `rls` does not manage, so a plan of the 1,000 tables must find the
/// same (empty) drift on either database; what changes is how much catalog there is to read.
enum SupabasePlatform {
    /// Object counts of the platform part, for the report.
    static let summary =
        "default privileges of supabase_admin and postgres in public, auth (20 tables, 7 enums), storage (9 tables, 40 functions), realtime (5 types, 3 tables, 15 functions), "
        + "extensions (pg_stat_statements, pgcrypto, uuid-ossp, 6 event triggers), graphql (40 functions), pgsodium (120 functions), vault"

    /// Adds the platform objects to `database` of `cluster`, as the bootstrap superuser.
    static func apply(to database: String, in cluster: EmbeddedCluster) throws {
        let admin = try Connection(url: cluster.socketConninfo(database: database))
        defer { admin.close() }
        try admin.execute("begin;\n" + sql + "\ncommit;")
    }

    /// Roles every hosted project has besides the API roles (cluster-wide; created once).
    static let roles = [
        "supabase_replication_admin", "supabase_read_only_user", "pgbouncer", "dashboard_user", "pgsodium_keyholder",
        "pgsodium_keyiduser", "pgsodium_keymaker", "supabase_functions_admin", "supabase_etl_admin",
    ]

    static var sql: String {
        [rolesSQL, defaultPrivilegesSQL, extensionsSQL, authSQL, storageSQL, realtimeSQL, graphqlSQL, pgsodiumSQL, eventTriggersSQL].joined(
            separator: "\n")
    }

    private static var rolesSQL: String {
        roles.map { role in
            "do $$ begin if not exists (select from pg_roles where rolname = '\(role)') then create role \(role) nologin; end if; end $$;"
        }.joined(separator: "\n")
    }

    /// The default privileges in `public`: `supabase_admin`'s (the initial schema grants all on new
    /// tables, functions and sequences to `postgres` and the API roles), and `postgres`'s own, which
    /// every project made before 2026-10-30 holds, `postgres` itself among the grantees. The latter
    /// makes a project's catalog differ from a throwaway database's where a plan does not look.
    private static var defaultPrivilegesSQL: String {
        ["", "for role postgres "].flatMap { owner in
            ["tables", "functions", "sequences"].map { kind in
                "alter default privileges \(owner)in schema public grant all on \(kind) to postgres, anon, authenticated, service_role;"
            }
        }.joined(separator: "\n")
    }

    private static let extensionsSQL = """
        create extension if not exists pg_stat_statements with schema extensions;
        create schema if not exists pgbouncer;
        create function pgbouncer.get_auth(p_usename text) returns table (username text, password text)
            language sql security definer as $$ select null::text, null::text where false $$;
        create schema if not exists vault;
        create table vault.secrets (
            id uuid primary key default gen_random_uuid(), name text unique, description text not null default '',
            secret text not null, key_id uuid, nonce bytea, created_at timestamptz not null default now(),
            updated_at timestamptz not null default now());
        create view vault.decrypted_secrets as select s.*, s.secret as decrypted_secret from vault.secrets s;
        create function vault.create_secret(new_secret text, new_name text default null, new_description text default '')
            returns uuid language sql as $$ insert into vault.secrets (secret, name, description)
            values (new_secret, new_name, new_description) returning id $$;
        create function vault.update_secret(secret_id uuid, new_secret text default null) returns void
            language sql as $$ update vault.secrets set secret = coalesce(new_secret, secret) where id = secret_id $$;
        """

    private static var authSQL: String {
        let userColumns = [
            "confirmation_token varchar(255)", "confirmation_sent_at timestamptz", "recovery_token varchar(255)",
            "recovery_sent_at timestamptz", "email_change_token_new varchar(255)", "email_change varchar(255)",
            "email_change_sent_at timestamptz", "invited_at timestamptz", "phone_change text default ''",
            "phone_change_token varchar(255) default ''", "phone_change_sent_at timestamptz",
            "email_change_token_current varchar(255) default ''", "email_change_confirm_status smallint default 0",
            "banned_until timestamptz", "reauthentication_token varchar(255) default ''", "reauthentication_sent_at timestamptz",
            "is_sso_user boolean not null default false",
            "confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored",
        ]
        var sql = "alter table auth.users " + userColumns.map { "add column \($0)" }.joined(separator: ", ") + ";\n"
        sql += """
            create type auth.aal_level as enum ('aal1', 'aal2', 'aal3');
            create type auth.factor_type as enum ('totp', 'webauthn', 'phone');
            create type auth.factor_status as enum ('unverified', 'verified');
            create type auth.code_challenge_method as enum ('s256', 'plain');
            create type auth.one_time_token_type as enum ('confirmation_token', 'reauthentication_token', 'recovery_token',
                'email_change_token_new', 'email_change_token_current', 'phone_change_token');
            create type auth.oauth_registration_type as enum ('dynamic', 'manual');
            create type auth.oauth_client_type as enum ('public', 'confidential');
            create table auth.schema_migrations (version varchar(255) primary key);
            create table auth.instances (id uuid primary key, uuid uuid, raw_base_config text, created_at timestamptz, updated_at timestamptz);
            create table auth.audit_log_entries (instance_id uuid, id uuid primary key, payload json, created_at timestamptz,
                ip_address varchar(64) not null default '');
            create index audit_logs_instance_id_idx on auth.audit_log_entries (instance_id);
            create table auth.sessions (id uuid primary key, user_id uuid not null references auth.users (id) on delete cascade,
                created_at timestamptz, updated_at timestamptz, factor_id uuid, aal auth.aal_level, not_after timestamptz,
                refreshed_at timestamp, user_agent text, ip inet, tag text);
            create index sessions_user_id_idx on auth.sessions (user_id);
            create index sessions_not_after_idx on auth.sessions (not_after desc);
            create index user_id_created_at_idx on auth.sessions (user_id, created_at);
            create table auth.refresh_tokens (instance_id uuid, id bigserial primary key, token varchar(255) unique, user_id varchar(255),
                revoked boolean, created_at timestamptz, updated_at timestamptz, parent varchar(255),
                session_id uuid references auth.sessions (id) on delete cascade);
            create index refresh_tokens_instance_id_idx on auth.refresh_tokens (instance_id);
            create index refresh_tokens_instance_id_user_id_idx on auth.refresh_tokens (instance_id, user_id);
            create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
            create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
            create index refresh_tokens_updated_at_idx on auth.refresh_tokens (updated_at desc);
            create table auth.identities (provider_id text not null, user_id uuid not null references auth.users (id) on delete cascade,
                identity_data jsonb not null, provider text not null, last_sign_in_at timestamptz, created_at timestamptz,
                updated_at timestamptz, email text generated always as (lower(identity_data ->> 'email')) stored,
                id uuid primary key default gen_random_uuid(), unique (provider_id, provider));
            create index identities_email_idx on auth.identities (email text_pattern_ops);
            create index identities_user_id_idx on auth.identities (user_id);
            create table auth.mfa_factors (id uuid primary key, user_id uuid not null references auth.users (id) on delete cascade,
                friendly_name text, factor_type auth.factor_type not null, status auth.factor_status not null,
                created_at timestamptz not null, updated_at timestamptz not null, secret text, phone text,
                last_challenged_at timestamptz unique, web_authn_credential jsonb, web_authn_aaguid uuid);
            create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
            create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
            create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id)
                where trim(friendly_name) <> '';
            create table auth.mfa_challenges (id uuid primary key, factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
                created_at timestamptz not null, verified_at timestamptz, ip_address inet not null, otp_code text,
                web_authn_session_data jsonb);
            create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);
            create table auth.mfa_amr_claims (session_id uuid not null references auth.sessions (id) on delete cascade,
                created_at timestamptz not null, updated_at timestamptz not null, authentication_method text not null,
                id uuid primary key, unique (session_id, authentication_method));
            create table auth.sso_providers (id uuid primary key, resource_id text, created_at timestamptz, updated_at timestamptz,
                disabled boolean, check (resource_id is null or char_length(resource_id) > 0));
            create unique index sso_providers_resource_id_idx on auth.sso_providers (lower(resource_id));
            create table auth.sso_domains (id uuid primary key, sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
                domain text not null check (char_length(domain) > 0), created_at timestamptz, updated_at timestamptz);
            create index sso_domains_sso_provider_id_idx on auth.sso_domains (sso_provider_id);
            create unique index sso_domains_domain_idx on auth.sso_domains (lower(domain));
            create table auth.saml_providers (id uuid primary key, sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
                entity_id text not null unique check (char_length(entity_id) > 0), metadata_xml text not null,
                metadata_url text, attribute_mapping jsonb, created_at timestamptz, updated_at timestamptz, name_id_format text);
            create index saml_providers_sso_provider_id_idx on auth.saml_providers (sso_provider_id);
            create table auth.flow_state (id uuid primary key, user_id uuid, auth_code text not null,
                code_challenge_method auth.code_challenge_method not null, code_challenge text not null, provider_type text not null,
                provider_access_token text, provider_refresh_token text, created_at timestamptz, updated_at timestamptz,
                authentication_method text not null, auth_code_issued_at timestamptz);
            create index idx_auth_code on auth.flow_state (auth_code);
            create index idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);
            create index flow_state_created_at_idx on auth.flow_state (created_at desc);
            create table auth.saml_relay_states (id uuid primary key, sso_provider_id uuid not null references auth.sso_providers (id) on delete cascade,
                request_id text not null check (char_length(request_id) > 0), for_email text, redirect_to text,
                created_at timestamptz, updated_at timestamptz, flow_state_id uuid references auth.flow_state (id) on delete cascade);
            create index saml_relay_states_sso_provider_id_idx on auth.saml_relay_states (sso_provider_id);
            create index saml_relay_states_for_email_idx on auth.saml_relay_states (for_email);
            create index saml_relay_states_created_at_idx on auth.saml_relay_states (created_at desc);
            create table auth.one_time_tokens (id uuid primary key, user_id uuid not null references auth.users (id) on delete cascade,
                token_type auth.one_time_token_type not null, token_hash text not null check (char_length(token_hash) > 0),
                relates_to text not null, created_at timestamp not null default now(), updated_at timestamp not null default now(),
                unique (user_id, token_type));
            create index one_time_tokens_token_hash_hash_idx on auth.one_time_tokens using hash (token_hash);
            create index one_time_tokens_relates_to_hash_idx on auth.one_time_tokens using hash (relates_to);
            create table auth.oauth_clients (id uuid primary key, client_secret_hash text, registration_type auth.oauth_registration_type not null,
                redirect_uris text not null, grant_types text not null, client_name text, client_uri text, logo_uri text,
                created_at timestamptz not null default now(), updated_at timestamptz not null default now(), deleted_at timestamptz,
                client_type auth.oauth_client_type not null default 'confidential');
            create index oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);
            create table auth.oauth_authorizations (id uuid primary key, authorization_id text not null unique,
                client_id uuid not null references auth.oauth_clients (id) on delete cascade,
                user_id uuid references auth.users (id) on delete cascade, redirect_uri text not null, scope text not null,
                state text, resource text, code_challenge text, code_challenge_method auth.code_challenge_method,
                status text not null default 'pending', authorization_code text unique, created_at timestamptz not null default now(),
                expires_at timestamptz not null default now() + interval '3 minutes', approved_at timestamptz);
            create index oauth_auth_pending_exp_idx on auth.oauth_authorizations (expires_at) where status = 'pending';
            create table auth.oauth_consents (id uuid primary key, user_id uuid not null references auth.users (id) on delete cascade,
                client_id uuid not null references auth.oauth_clients (id) on delete cascade, scopes text not null,
                granted_at timestamptz not null default now(), revoked_at timestamptz, unique (user_id, client_id));
            create index oauth_consents_active_user_client_idx on auth.oauth_consents (user_id, client_id) where revoked_at is null;
            create table auth.web3_nonces (id uuid primary key default gen_random_uuid(), nonce text not null unique,
                address text not null, created_at timestamptz not null default now(), expires_at timestamptz not null);
            create unique index confirmation_token_idx on auth.users (confirmation_token) where confirmation_token !~ '^[0-9 ]*$';
            create unique index recovery_token_idx on auth.users (recovery_token) where recovery_token !~ '^[0-9 ]*$';
            create unique index email_change_token_current_idx on auth.users (email_change_token_current)
                where email_change_token_current !~ '^[0-9 ]*$';
            create unique index email_change_token_new_idx on auth.users (email_change_token_new) where email_change_token_new !~ '^[0-9 ]*$';
            create unique index reauthentication_token_idx on auth.users (reauthentication_token) where reauthentication_token !~ '^[0-9 ]*$';
            create unique index users_email_partial_key on auth.users (email) where is_sso_user = false;
            create index users_instance_id_email_idx on auth.users (instance_id, lower(email));
            create index users_instance_id_idx on auth.users (instance_id);
            create index users_is_anonymous_idx on auth.users (is_anonymous);

            """
        let tables = [
            "users", "schema_migrations", "instances", "audit_log_entries", "sessions", "refresh_tokens", "identities", "mfa_factors",
            "mfa_challenges", "mfa_amr_claims", "sso_providers", "sso_domains", "saml_providers", "flow_state", "saml_relay_states",
            "one_time_tokens", "oauth_clients", "oauth_authorizations", "oauth_consents", "web3_nonces",
        ]
        for table in tables {
            sql += "alter table auth.\(table) enable row level security;\n"
            sql += "alter table auth.\(table) owner to supabase_auth_admin;\n"
            sql += "grant all on table auth.\(table) to dashboard_user;\n"
            sql += "comment on table auth.\(table) is 'Auth: \(table.replacingOccurrences(of: "_", with: " ")).';\n"
        }
        // One row per auth migration (the service records each version it ran).
        sql +=
            "insert into auth.schema_migrations select to_char(timestamp '2021-01-01' + n * interval '13 days', 'YYYYMMDDHH24MISS') "
            + "from generate_series(1, 70) n;\n"
        return sql
    }

    /// Storage's functions: name, arguments, result (bodies are stand-ins).
    private static let storageFunctions: [(String, String, String)] = [
        ("can_insert_object", "bucketid text, name text, owner uuid, metadata jsonb", "void"),
        ("get_size_by_bucket", "", "table (size bigint, bucket_id text)"),
        (
            "list_multipart_uploads_with_delimiter",
            "bucket_id text, prefix_param text, delimiter_param text, max_keys integer default 100",
            "table (key text, id text, created_at timestamptz)"
        ),
        (
            "list_objects_with_delimiter", "bucket_id text, prefix_param text, delimiter_param text, max_keys integer default 100",
            "table (name text, id uuid, metadata jsonb, updated_at timestamptz)"
        ),
        ("operation", "", "text"),
        (
            "search", "prefix text, bucketname text, limits integer default 100, levels integer default 1, offsets integer default 0",
            "table (name text, id uuid, updated_at timestamptz, created_at timestamptz, metadata jsonb)"
        ),
        (
            "search_legacy_v1",
            "prefix text, bucketname text, limits integer default 100, levels integer default 1, offsets integer default 0",
            "table (name text, id uuid, updated_at timestamptz, created_at timestamptz, metadata jsonb)"
        ),
        (
            "search_v1_optimised",
            "prefix text, bucketname text, limits integer default 100, levels integer default 1, offsets integer default 0",
            "table (name text, id uuid, updated_at timestamptz, created_at timestamptz, metadata jsonb)"
        ),
        (
            "search_v2", "prefix text, bucket_name text, limits integer default 100, levels integer default 1, start_after text default ''",
            "table (key text, name text, id uuid, updated_at timestamptz, created_at timestamptz, metadata jsonb)"
        ),
        (
            "search_by_timestamp", "p_prefix text, p_bucket_id text, p_limit integer, p_level integer, p_start_after text",
            "table (key text, name text, id uuid)"
        ),
        ("get_level", "name text", "integer"), ("get_prefix", "name text", "text"), ("get_prefixes", "name text", "text[]"),
        ("add_prefixes", "_bucket_id text, _name text", "void"), ("delete_prefix", "_bucket_id text, _name text", "boolean"),
        ("lock_top_prefixes", "bucket_ids text[], names text[]", "void"),
        ("delete_leaf_prefixes", "bucket_ids text[], names text[]", "void"),
        ("enforce_bucket_name_length", "", "trigger"), ("update_updated_at_column", "", "trigger"),
        ("objects_insert_prefix_trigger", "", "trigger"), ("objects_update_prefix_trigger", "", "trigger"),
        ("objects_update_level_trigger", "", "trigger"), ("prefixes_insert_trigger", "", "trigger"),
        ("delete_prefix_hierarchy_trigger", "", "trigger"), ("objects_delete_cleanup", "", "trigger"),
        ("prefixes_delete_cleanup", "", "trigger"), ("objects_update_cleanup", "", "trigger"),
        ("prefixes_ref_count_trigger", "", "trigger"), ("calculate_prefix_ref_counts", "", "void"),
        (
            "list_objects_with_versions", "bucket_id text, prefix_param text, max_keys integer default 1000",
            "table (name text, version text, id uuid)"
        ),
        ("list_object_versions", "bucket_id text, name text", "table (version text, created_at timestamptz)"),
        ("current_object_version", "bucket_id text, name text", "text"),
        ("archive_noncurrent_versions", "bucket_id text, older_than interval", "integer"),
        ("validate_lifecycle_configuration", "configuration jsonb", "boolean"),
        ("apply_bucket_lifecycle", "bucket_id text", "integer"),
        ("protect_direct_deletes", "", "trigger"), ("event_log_insert", "event text, payload jsonb", "void"),
        ("vector_index_exists", "bucket_id text, index_name text", "boolean"),
    ]

    private static var storageSQL: String {
        var sql = """
            create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
            alter table storage.buckets add column avif_autodetection boolean default false,
                add column type storage.buckettype not null default 'STANDARD', add column versioning_enabled boolean default false;
            alter table storage.objects add column level integer, add column signature text, add column archived_at timestamptz;
            create table storage.migrations (id integer primary key, name varchar(100) unique not null, hash varchar(40) not null,
                executed_at timestamp default current_timestamp);
            create table storage.s3_multipart_uploads (id text primary key, in_progress_size bigint not null default 0,
                upload_signature text not null, bucket_id text not null references storage.buckets (id), key text not null collate "C",
                version text not null, owner_id text, created_at timestamptz not null default now(), user_metadata jsonb);
            create index idx_multipart_uploads_list on storage.s3_multipart_uploads (bucket_id, key, created_at);
            create table storage.s3_multipart_uploads_parts (id uuid primary key default gen_random_uuid(),
                upload_id text not null references storage.s3_multipart_uploads (id) on delete cascade, size bigint not null default 0,
                part_number integer not null, bucket_id text not null references storage.buckets (id), key text not null collate "C",
                etag text not null, owner_id text, version text not null, created_at timestamptz not null default now());
            create table storage.prefixes (bucket_id text references storage.buckets (id), name text collate "C" not null,
                level integer generated always as (array_length(string_to_array(name, '/'), 1)) stored, child_count bigint default 0,
                created_at timestamptz default now(), updated_at timestamptz default now(), primary key (bucket_id, level, name));
            create index idx_name_bucket_level_unique on storage.objects (name collate "C", bucket_id, level);
            create index idx_objects_lower_name on storage.objects ((path_tokens[level]), lower(name) text_pattern_ops, bucket_id, level);
            create index idx_prefixes_lower_name on storage.prefixes (bucket_id, level, ((string_to_array(name, '/'))[level]), lower(name) text_pattern_ops);
            create index objects_bucket_id_level_idx on storage.objects (bucket_id, level, name collate "C");
            create index idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
            create index objects_signature_idx on storage.objects (signature);
            create index objects_archived_at_idx on storage.objects (archived_at) where archived_at is not null;
            create table storage.buckets_analytics (id text primary key, type storage.buckettype not null default 'ANALYTICS',
                format text not null default 'ICEBERG', created_at timestamptz not null default now(), updated_at timestamptz not null default now());
            create table storage.buckets_vectors (id text primary key, type storage.buckettype not null default 'VECTOR',
                created_at timestamptz not null default now(), updated_at timestamptz not null default now());
            create table storage.vector_indexes (id text primary key default gen_random_uuid(), name text collate "C" not null,
                bucket_id text not null references storage.buckets_vectors (id), data_type text not null, dimension integer not null,
                distance_metric text not null, metadata_configuration jsonb, created_at timestamptz not null default now(),
                updated_at timestamptz not null default now(), unique (name, bucket_id));
            create table storage.bucket_lifecycle (bucket_id text primary key references storage.buckets (id) on delete cascade,
                configuration jsonb not null, updated_at timestamptz not null default now());
            create table storage.event_log (id bigserial primary key, event text not null, payload jsonb, created_at timestamptz default now());

            """
        for (name, arguments, result) in storageFunctions {
            let body: String
            switch result {
            case "trigger": body = "language plpgsql as $$ begin return new; end $$"
            case "void": body = "language plpgsql as $$ begin end $$"
            default: body = "language plpgsql stable as $$ begin return\(result.hasPrefix("table") ? ";" : " null;") end $$"
            }
            sql += "create function storage.\(name)(\(arguments)) returns \(result) \(body);\n"
            sql +=
                "alter function storage.\(name)(\(arguments.replacingOccurrences(of: #" default [^,]+"#, with: "", options: .regularExpression))) owner to supabase_storage_admin;\n"
        }
        sql += """
            create trigger update_objects_updated_at before update on storage.objects for each row execute function storage.update_updated_at_column();
            create trigger objects_insert_create_prefix before insert on storage.objects for each row execute function storage.objects_insert_prefix_trigger();
            create trigger objects_update_create_prefix before update on storage.objects for each row
                when (new.name <> old.name or new.bucket_id <> old.bucket_id) execute function storage.objects_update_prefix_trigger();
            create trigger objects_delete_delete_prefix after delete on storage.objects for each row execute function storage.delete_prefix_hierarchy_trigger();
            create trigger prefixes_create_hierarchy before insert on storage.prefixes for each row
                when (pg_trigger_depth() < 1) execute function storage.prefixes_insert_trigger();
            create trigger prefixes_delete_hierarchy after delete on storage.prefixes for each row execute function storage.delete_prefix_hierarchy_trigger();
            create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
                for each row execute function storage.enforce_bucket_name_length();

            """
        for table in [
            "migrations", "s3_multipart_uploads", "s3_multipart_uploads_parts", "prefixes", "buckets_analytics", "buckets_vectors",
            "vector_indexes", "bucket_lifecycle", "event_log",
        ] {
            sql += "alter table storage.\(table) enable row level security;\n"
            sql += "alter table storage.\(table) owner to supabase_storage_admin;\n"
            sql += "grant all on table storage.\(table) to service_role, postgres;\n"
            sql += "grant select on table storage.\(table) to anon, authenticated;\n"
        }
        // One row per storage migration the service ran.
        sql += "insert into storage.migrations select n, 'migration-' || n, md5(n::text)::varchar(40) from generate_series(0, 75) n;\n"
        return sql
    }

    private static var realtimeSQL: String {
        var sql = """
            create type realtime.action as enum ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE', 'ERROR');
            create type realtime.equality_op as enum ('eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'like', 'ilike', 'is', 'isnot');
            create type realtime.user_defined_filter as (column_name text, op realtime.equality_op, value text);
            create type realtime.wal_column as (name text, type_name text, type_oid oid, value jsonb, is_pkey boolean, is_selectable boolean);
            create type realtime.wal_rls as (wal jsonb, is_rls_enabled boolean, subscription_ids uuid[], errors text[]);
            create table realtime.schema_migrations (version bigint primary key, inserted_at timestamp(0));
            create table realtime.subscription (id bigint generated always as identity primary key, subscription_id uuid not null,
                entity regclass not null, filters realtime.user_defined_filter[] not null default '{}', claims jsonb not null,
                claims_role regrole not null, created_at timestamp not null default timezone('utc', now()),
                action_filter text default '*');
            create index ix_realtime_subscription_entity on realtime.subscription using btree (entity);
            create unique index subscription_subscription_id_entity_filters_key on realtime.subscription (subscription_id, entity, filters);
            create index messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic);

            """
        let functions: [(String, String, String)] = [
            ("apply_rls", "wal jsonb, max_record_bytes integer default 1048576", "setof realtime.wal_rls"),
            (
                "broadcast_changes",
                "topic_name text, event_name text, operation text, table_name text, table_schema text, new record, old record, level text default 'ROW'",
                "void"
            ),
            ("build_prepared_statement_sql", "prepared_statement_name text, entity regclass, columns realtime.wal_column[]", "text"),
            ("cast", "val text, type_ regtype", "jsonb"),
            ("check_equality_op", "op realtime.equality_op, type_ regtype, val_1 text, val_2 text", "boolean"),
            ("is_visible_through_filters", "columns realtime.wal_column[], filters realtime.user_defined_filter[]", "boolean"),
            (
                "list_changes", "publication name, slot_name name, max_changes integer, max_record_bytes integer",
                "table (wal jsonb, is_rls_enabled boolean, subscription_ids uuid[], errors text[])"
            ),
            ("peek_changes", "publication name, slot_name name, max_changes integer", "integer"),
            ("quote_wal2json", "entity regclass", "text"),
            ("send", "payload jsonb, event text, topic text, private boolean default true", "void"),
            ("subscription_check_filters", "", "trigger"),
            ("to_regrole", "role_name text", "regrole"),
            ("validate_filter_operator", "entity regclass, filter realtime.user_defined_filter", "boolean"),
            ("slot_count", "", "integer"),
        ]
        for (name, arguments, result) in functions {
            let body =
                result == "trigger"
                ? "language plpgsql as $$ begin return new; end $$"
                : result == "void"
                    ? "language plpgsql as $$ begin end $$"
                    : result.hasPrefix("setof") || result.hasPrefix("table")
                        ? "language plpgsql as $$ begin return; end $$"
                        : "language plpgsql as $$ begin return null; end $$"
            sql += "create function realtime.\"\(name)\"(\(arguments)) returns \(result) \(body);\n"
        }
        sql += """
            create trigger tr_check_filters before insert or update on realtime.subscription for each row
                execute function realtime.subscription_check_filters();
            alter table realtime.subscription owner to supabase_realtime_admin;
            alter table realtime.schema_migrations owner to supabase_realtime_admin;
            grant all on table realtime.subscription, realtime.schema_migrations to postgres, dashboard_user;
            grant select on table realtime.subscription to anon, authenticated, service_role;
            insert into realtime.schema_migrations select 20211116024918 + n * 1000000, now() from generate_series(1, 65) n;

            """
        return sql
    }

    /// `graphql` and `graphql_public`: pg_graphql's schemas, with as many functions and types as the
    /// extension makes (plain SQL stand-ins: the extension is not in a plain PostgreSQL 15).
    private static var graphqlSQL: String {
        var sql = """
            create schema graphql;
            create schema graphql_public;
            create sequence graphql.seq_schema_version as integer cycle;
            create type graphql.comment_directive_type as (name text, description text, total_count boolean);
            create type graphql.field_meta_kind as enum ('Constant', 'Query.collection', 'Column', 'Relationship.toMany',
                'Relationship.toOne', 'OrderBy.Column', 'Filter.Column', 'Function', 'Mutation.insert', 'Mutation.delete',
                'Mutation.update', '__Typename', '__Schema', '__Type', '__Field', '__InputValue', '__EnumValue');
            create type graphql.type_kind as enum ('SCALAR', 'OBJECT', 'INTERFACE', 'UNION', 'ENUM', 'INPUT_OBJECT', 'LIST', 'NON_NULL');
            create function graphql_public.graphql("operationName" text default null, query text default null,
                variables jsonb default null, extensions jsonb default null) returns jsonb language sql as $$ select '{}'::jsonb $$;
            grant usage on schema graphql, graphql_public to postgres, anon, authenticated, service_role;
            grant execute on function graphql_public.graphql(text, text, jsonb, jsonb) to postgres, anon, authenticated, service_role;

            """
        for index in 1...40 {
            sql += "create function graphql._internal_\(index)(input jsonb) returns jsonb language sql immutable as $$ select input $$;\n"
        }
        return sql
    }

    /// `pgsodium` and `pgsodium_masks`: about 120 functions (libsodium's API) and the key table.
    private static var pgsodiumSQL: String {
        var sql = """
            create schema pgsodium;
            create schema pgsodium_masks;
            create type pgsodium.key_status as enum ('default', 'valid', 'invalid', 'expired');
            create type pgsodium.key_type as enum ('aead-ietf', 'aead-det', 'hmacsha512', 'hmacsha256', 'auth', 'shorthash',
                'generichash', 'kdf', 'secretbox', 'secretstream', 'stream_xchacha20');
            create table pgsodium.key (id uuid primary key default gen_random_uuid(), status pgsodium.key_status default 'valid',
                created timestamptz not null default current_timestamp, expires timestamptz, key_type pgsodium.key_type,
                key_id bigint, key_context bytea default 'pgsodium', name text unique, associated_data text default 'associated',
                raw_key bytea, raw_key_nonce bytea, parent_key uuid references pgsodium.key (id), comment text, user_data text);
            create view pgsodium.valid_key as select id, name, status, key_type, key_id, key_context, created, expires, associated_data
                from pgsodium.key where status in ('valid', 'default');
            create view pgsodium.decrypted_key as select *, raw_key as decrypted_raw_key from pgsodium.key;
            create view pgsodium.masking_rule as select null::oid as attrelid, null::integer as attnum, null::text as col_description;
            create view pgsodium.mask_columns as select null::name as attname, null::oid as attrelid;

            """
        let families = [
            "crypto_aead_det", "crypto_aead_ietf", "crypto_auth", "crypto_box", "crypto_generichash", "crypto_hash",
            "crypto_kdf", "crypto_kx", "crypto_pwhash", "crypto_secretbox", "crypto_shorthash", "crypto_sign", "crypto_stream_xchacha20",
            "crypto_auth_hmacsha256", "crypto_auth_hmacsha512", "crypto_secretstream", "crypto_signcryption", "randombytes",
            "sodium_bin2base64",
            "sodium_base642bin",
        ]
        let operations = ["", "_keygen", "_verify", "_encrypt", "_decrypt", "_noncegen"]
        for family in families {
            for operation in operations {
                sql +=
                    "create function pgsodium.\(family)\(operation)(message bytea, key bytea) returns bytea "
                    + "language sql immutable as $$ select message $$;\n"
            }
        }
        return sql
    }

    /// The event-trigger functions in `extensions` and their event triggers: PostgREST's schema-cache
    /// watchers and the `issue_*` hooks that grant access when an extension is created.
    private static let eventTriggersSQL = """
        create function extensions.grant_pg_cron_access() returns event_trigger language plpgsql as $$ begin end $$;
        create function extensions.grant_pg_graphql_access() returns event_trigger language plpgsql as $$ begin end $$;
        create function extensions.grant_pg_net_access() returns event_trigger language plpgsql as $$ begin end $$;
        create function extensions.set_graphql_placeholder() returns event_trigger language plpgsql as $$ begin end $$;
        create function extensions.pgrst_ddl_watch() returns event_trigger language plpgsql as $$
            declare cmd record;
            begin
                for cmd in select * from pg_event_trigger_ddl_commands() loop
                    if cmd.schema_name is distinct from 'pg_temp' then notify pgrst, 'reload schema'; end if;
                end loop;
            end $$;
        create function extensions.pgrst_drop_watch() returns event_trigger language plpgsql as $$
            declare obj record;
            begin
                for obj in select * from pg_event_trigger_dropped_objects() loop
                    if obj.is_temporary is false then notify pgrst, 'reload schema'; end if;
                end loop;
            end $$;
        comment on function extensions.grant_pg_cron_access() is 'Grants access to pg_cron';
        comment on function extensions.grant_pg_graphql_access() is 'Grants access to pg_graphql';
        comment on function extensions.grant_pg_net_access() is 'Grants access to pg_net';
        comment on function extensions.set_graphql_placeholder() is 'Reintroduces placeholder function for graphql_public.graphql';
        create event trigger issue_pg_cron_access on ddl_command_end when tag in ('CREATE EXTENSION')
            execute function extensions.grant_pg_cron_access();
        create event trigger issue_pg_graphql_access on ddl_command_end when tag in ('CREATE FUNCTION')
            execute function extensions.grant_pg_graphql_access();
        create event trigger issue_pg_net_access on ddl_command_end when tag in ('CREATE EXTENSION')
            execute function extensions.grant_pg_net_access();
        create event trigger issue_graphql_placeholder on sql_drop when tag in ('DROP EXTENSION')
            execute function extensions.set_graphql_placeholder();
        create event trigger pgrst_ddl_watch on ddl_command_end execute function extensions.pgrst_ddl_watch();
        create event trigger pgrst_drop_watch on sql_drop execute function extensions.pgrst_drop_watch();
        """
}
