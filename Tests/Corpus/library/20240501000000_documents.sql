-- An AI chat app with file uploads: collections of documents, files kept in storage under the
-- collection's id, avatars in a public bucket, and an embeddings job table with RLS off.
alter default privileges in schema public revoke execute on functions from public;

create table public.profiles (
  id uuid primary key references auth.users on delete cascade,
  display_name text,
  avatar_path text
);
alter table public.profiles enable row level security;
create policy "profiles are readable by everyone" on public.profiles for select using (true);
create policy "users update their profile" on public.profiles for update to authenticated
  using (id = auth.uid()) with check (id = auth.uid());

create table public.collections (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references auth.users on delete cascade default auth.uid(),
  title text not null,
  created_at timestamptz not null default now()
);
alter table public.collections enable row level security;
create policy "owners manage collections" on public.collections for all to authenticated
  using (owner_id = auth.uid()) with check (owner_id = auth.uid());

create table public.documents (
  id bigint generated always as identity primary key,
  collection_id uuid not null references public.collections on delete cascade,
  storage_object_path text not null,
  content text,
  created_at timestamptz not null default now()
);
alter table public.documents enable row level security;
create policy "owners read documents" on public.documents for select to authenticated
  using (collection_id in (select id from public.collections where owner_id = auth.uid()));
create index documents_collection_id_idx on public.documents (collection_id);

-- Filled by a worker with the service key; never exposed.
create table public.embedding_jobs (
  id bigint generated always as identity primary key,
  document_id bigint not null references public.documents on delete cascade,
  state text not null default 'queued' check (state in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0 check (attempts >= 0 and attempts <= 5)
);
revoke all on table public.embedding_jobs from anon, authenticated;

create function public.collection_document_count(collection uuid) returns bigint
language sql stable as $$
  select count(*) from public.documents where collection_id = collection
$$;
grant execute on function public.collection_document_count(uuid) to authenticated, service_role;

grant select on table public.profiles to anon, authenticated;
grant update (display_name, avatar_path) on table public.profiles to authenticated;
grant select, insert, update, delete on table public.collections to authenticated;
grant select on table public.documents to authenticated;
grant all on table public.profiles, public.collections, public.documents, public.embedding_jobs to service_role;
