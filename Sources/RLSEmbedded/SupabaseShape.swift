import RLSModel
import RLSPostgres
import RLSSQL

/// SQL that shapes a fresh cluster like a hosted Supabase database.
///
/// Written for this project from Supabase's documented behaviour, not copied from Supabase's
/// migrations. Run as the bootstrap superuser `supabase_admin`.
public enum SupabaseShape {
    /// Bumped whenever the SQL below changes, so cached templates are rebuilt.
    package static let version = 8

    /// Cluster-wide roles; run once per cluster.
    ///
    /// `postgres` is deliberately not a superuser (as on hosted Supabase): it bypasses RLS and may
    /// become each API role, which is all the tool needs.
    public static let roles = """
        create role anon nologin noinherit;
        create role authenticated nologin noinherit;
        create role service_role nologin noinherit bypassrls;
        create role authenticator login noinherit;
        grant anon, authenticated, service_role to authenticator;
        create role supabase_auth_admin nologin noinherit createrole;
        create role supabase_storage_admin nologin noinherit;
        create role postgres login createrole createdb bypassrls;
        grant anon, authenticated, service_role to postgres with admin option;
        create role supabase_realtime_admin nologin noinherit;
        grant supabase_realtime_admin to postgres;
        -- Unqualified calls such as uuid_generate_v4() find the extensions schema, as on a project.
        alter role postgres set search_path to "$user", public, extensions;
        """

    /// Per-database objects: the `extensions` schema with `uuid-ossp` and `pgcrypto`, the `auth`
    /// schema, `auth.users`, the `auth.*()` claim functions, grants (the `storage` schema is
    /// ``storage``).
    ///
    /// Every Supabase project starts with an `extensions` schema holding `uuid-ossp` and
    /// `pgcrypto`, usable by `postgres` and the API roles (supabase/postgres,
    /// `migrations/db/init-scripts/00000000000000-initial-schema.sql`); apps call
    /// `extensions.uuid_generate_v4()` and `extensions.gen_random_bytes(...)` from defaults and
    /// functions.
    public static let database = """
        create schema extensions;
        create extension "uuid-ossp" with schema extensions;
        create extension pgcrypto with schema extensions;
        grant usage on schema extensions to postgres, anon, authenticated, service_role;

        create schema auth authorization supabase_auth_admin;
        grant usage on schema auth to anon, authenticated, service_role, postgres;
        grant usage on schema public to anon, authenticated, service_role;

        create table auth.users (
            instance_id uuid,
            id uuid primary key default gen_random_uuid(),
            aud varchar(255),
            role varchar(255),
            email varchar(255),
            encrypted_password varchar(255),
            email_confirmed_at timestamptz,
            phone text unique,
            phone_confirmed_at timestamptz,
            last_sign_in_at timestamptz,
            raw_app_meta_data jsonb,
            raw_user_meta_data jsonb,
            is_super_admin boolean,
            is_anonymous boolean not null default false,
            created_at timestamptz default now(),
            updated_at timestamptz default now(),
            deleted_at timestamptz
        );
        alter table auth.users owner to supabase_auth_admin;
        -- postgres inserts test users and creates sign-up triggers (for example the profiles pattern).
        grant all on table auth.users to postgres;
        grant select on table auth.users to service_role;

        -- The claims arrive as one JSON setting; older PostgREST versions set one setting per claim.
        -- As Supabase Auth defines them (its migrations 20220224000811 and 20220531120530, and a
        -- hosted project's dump of 2026): the per-claim setting first, then the JSON one; plain SQL
        -- functions without a SET clause, so PostgreSQL inlines them into the policies that call them.
        create function auth.jwt() returns jsonb language sql stable as $$
            select coalesce(
                nullif(current_setting('request.jwt.claim', true), ''),
                nullif(current_setting('request.jwt.claims', true), '')
            )::jsonb
        $$;

        create function auth.uid() returns uuid language sql stable as $$
            select coalesce(
                nullif(current_setting('request.jwt.claim.sub', true), ''),
                (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
            )::uuid
        $$;

        create function auth.role() returns text language sql stable as $$
            select coalesce(
                nullif(current_setting('request.jwt.claim.role', true), ''),
                (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
            )::text
        $$;

        create function auth.email() returns text language sql stable as $$
            select coalesce(
                nullif(current_setting('request.jwt.claim.email', true), ''),
                (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
            )::text
        $$;

        alter function auth.jwt() owner to supabase_auth_admin;
        alter function auth.uid() owner to supabase_auth_admin;
        alter function auth.role() owner to supabase_auth_admin;
        alter function auth.email() owner to supabase_auth_admin;
        grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
            to anon, authenticated, service_role, postgres;
        """ + realtime

    /// Sets the login password of `postgres`, `supabase_admin` and `authenticator` (ALTER ROLE takes
    /// no parameters, so the value goes through the one literal-quoting function).
    static func passwords(_ password: String) -> String {
        ["postgres", "supabase_admin", "authenticator"]
            .map { "alter role \(quoteIdentifier($0)) password \(quoteLiteral(password));\n" }
            .joined()
    }

    /// The statements for one default-privileges behaviour in the current database.
    public static func defaultPrivileges(_ privileges: DefaultPrivileges) -> String {
        switch privileges {
        case .none:
            return ""
        case .legacyGrantAll:
            // Run by the bootstrap superuser, for the role the tool connects as.
            return SupabaseDefaultPrivileges.legacyPublic.map { declared in
                var declared = declared
                declared.forRole = Role("postgres")
                return declared.sql + "\n"
            }.joined()
        }
    }
}
