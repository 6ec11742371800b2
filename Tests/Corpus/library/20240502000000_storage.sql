-- Buckets made by a migration, with policies written by hand in the dashboard's style.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 1048576, array['image/png', 'image/jpeg']);
insert into storage.buckets (id, name) values ('files', 'files');

create policy "Avatar images are publicly accessible." on storage.objects for select
  using (bucket_id = 'avatars');
create policy "Users upload their own avatar." on storage.objects for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "Users replace their own avatar." on storage.objects for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);

create policy "Users read files of their collections" on storage.objects for select to authenticated
  using (
    bucket_id = 'files'
    and (storage.foldername(name))[1]::uuid in (select id from public.collections where owner_id = auth.uid())
  );
create policy "Users upload files to their collections" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'files'
    and (storage.foldername(name))[1]::uuid in (select id from public.collections where owner_id = auth.uid())
  );
create policy "Users delete files of their collections" on storage.objects for delete to authenticated
  using (
    bucket_id = 'files'
    and (storage.foldername(name))[1]::uuid in (select id from public.collections where owner_id = auth.uid())
  );

insert into auth.users (id, email) values ('77777777-7777-4777-8777-777777777777', 'gus@example.com');
insert into public.profiles (id, display_name) values ('77777777-7777-4777-8777-777777777777', 'Gus');
insert into public.collections (id, owner_id, title) values
  ('cccccccc-0000-4000-8000-000000000001', '77777777-7777-4777-8777-777777777777', 'Papers');
insert into public.documents (collection_id, storage_object_path, content) values
  ('cccccccc-0000-4000-8000-000000000001', 'cccccccc-0000-4000-8000-000000000001/intro.pdf', 'An introduction');
insert into public.embedding_jobs (document_id) values (1);
