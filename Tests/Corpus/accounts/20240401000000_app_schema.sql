-- A multi-tenant accounts kit: its own schema `app`, teams, memberships and invitations, a helper
-- the policies share, invitation tokens from the kit's own function, and a one-row config table.
create schema app;
grant usage on schema app to authenticated, service_role;
alter default privileges in schema app grant all on tables to service_role;
alter default privileges in schema app revoke execute on functions from public;

create table app.config (
  id boolean primary key default true check (id),
  enable_team_accounts boolean not null default true,
  invitation_ttl_days integer not null default 7
);
insert into app.config (enable_team_accounts, invitation_ttl_days) values (true, 14);

create function app.generate_token(length integer)
returns text
language sql
volatile
set search_path = ''
as $$
  select regexp_replace(replace(replace(replace(replace(encode(extensions.gen_random_bytes(length)::bytea, 'base64'), '/', ''), '+', ''), '\', ''), '=', ''), E'[\\n\\r]+', '', 'g');
$$;

create function app.invitation_ttl() returns integer
language sql stable security definer set search_path = '' as $$
  select invitation_ttl_days from app.config limit 1
$$;

create type app.account_role as enum ('owner', 'member');

create table app.accounts (
  id uuid primary key default extensions.uuid_generate_v4(),
  name text not null,
  slug text unique,
  personal_account boolean not null default false,
  primary_owner_user_id uuid not null references auth.users default auth.uid(),
  created_at timestamptz default now(),
  constraint slug_format check (slug is null or slug = lower(slug))
);

create table app.account_user (
  user_id uuid not null references auth.users on delete cascade,
  account_id uuid not null references app.accounts on delete cascade,
  account_role app.account_role not null,
  primary key (user_id, account_id)
);

create table app.invitations (
  id uuid primary key default extensions.uuid_generate_v4(),
  account_id uuid not null references app.accounts on delete cascade,
  account_role app.account_role not null default 'member',
  token text not null unique default app.generate_token(30),
  invited_by_user_id uuid not null references auth.users,
  created_at timestamptz not null default now()
);

create function app.has_role_on_account(account_id uuid, account_role app.account_role default null)
returns boolean
language sql
security definer
set search_path = ''
as $$
  select exists(
    select 1
    from app.account_user wu
    where wu.user_id = auth.uid()
      and wu.account_id = has_role_on_account.account_id
      and (wu.account_role = has_role_on_account.account_role or has_role_on_account.account_role is null)
  );
$$;
revoke all on function app.has_role_on_account(uuid, app.account_role) from public, anon;
grant execute on function app.has_role_on_account(uuid, app.account_role) to authenticated, service_role;

alter table app.config enable row level security;
alter table app.accounts enable row level security;
alter table app.account_user enable row level security;
alter table app.invitations enable row level security;

create policy "config readable by signed-in users" on app.config for select to authenticated using (true);
create policy "Accounts are viewable by members" on app.accounts for select to authenticated
  using (app.has_role_on_account(id) = true);
create policy "Accounts can be edited by owners" on app.accounts for update to authenticated
  using (app.has_role_on_account(id, 'owner') = true);
create policy "Team accounts can be created by any user" on app.accounts for insert to authenticated
  with check (personal_account = false);
create policy "users can view their own account_users" on app.account_user for select to authenticated
  using (user_id = auth.uid());
create policy "users can view their teammates" on app.account_user for select to authenticated
  using (app.has_role_on_account(account_id) = true);
create policy "Invitations viewable by account owners" on app.invitations for select to authenticated
  using (app.has_role_on_account(account_id, 'owner') = true);
create policy "Invitations can be created by account owners" on app.invitations for insert to authenticated
  with check (app.has_role_on_account(account_id, 'owner') = true and invited_by_user_id = auth.uid());

grant select on table app.config to authenticated;
grant select, insert, update on table app.accounts to authenticated;
grant select on table app.account_user to authenticated;
grant select, insert on table app.invitations to authenticated;
grant all on table app.config, app.accounts, app.account_user, app.invitations to service_role;

insert into auth.users (id, email) values
  ('55555555-5555-4555-8555-555555555555', 'erin@example.com'),
  ('66666666-6666-4666-8666-666666666666', 'finn@example.com');
insert into app.accounts (id, name, slug, primary_owner_user_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', 'Acme', 'acme', '55555555-5555-4555-8555-555555555555');
insert into app.account_user (user_id, account_id, account_role) values
  ('55555555-5555-4555-8555-555555555555', 'aaaaaaaa-0000-4000-8000-000000000001', 'owner'),
  ('66666666-6666-4666-8666-666666666666', 'aaaaaaaa-0000-4000-8000-000000000001', 'member');
insert into app.invitations (account_id, invited_by_user_id) values
  ('aaaaaaaa-0000-4000-8000-000000000001', '55555555-5555-4555-8555-555555555555');
