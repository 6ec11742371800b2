-- Migration storage_buckets, written by `rls diff` from the schema declared in ElectricRide/ElectricRide.swift.
-- 13 to create, 0 to change, 0 to drop. Review it, then apply with `rls apply`.

ALTER TABLE "public"."listing" ADD COLUMN "dealership_id" bigint;

ALTER TABLE "public"."listing" ADD CONSTRAINT "listing_dealership_id_fkey" FOREIGN KEY (dealership_id) REFERENCES public.dealership(id) ON DELETE SET NULL;

CREATE INDEX listing_dealership_id_idx ON public.listing USING btree (dealership_id);

insert into "storage"."buckets" ("id", "name", "public", "file_size_limit", "allowed_mime_types")
values ('avatars', 'avatars', true, 2097152, array['image/png', 'image/jpeg', 'image/webp']::text[])
on conflict ("id") do update set "name" = excluded."name", "public" = excluded."public", "file_size_limit" = excluded."file_size_limit", "allowed_mime_types" = excluded."allowed_mime_types";

insert into "storage"."buckets" ("id", "name", "public", "file_size_limit", "allowed_mime_types")
values ('listing-photos', 'listing-photos', false, 10485760, array['image/jpeg', 'image/png', 'image/webp']::text[])
on conflict ("id") do update set "name" = excluded."name", "public" = excluded."public", "file_size_limit" = excluded."file_size_limit", "allowed_mime_types" = excluded."allowed_mime_types";

CREATE POLICY "bucket_avatars_delete" ON "storage"."objects"
    AS PERMISSIVE FOR DELETE
    TO "authenticated"
    USING (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "bucket_avatars_insert" ON "storage"."objects"
    AS PERMISSIVE FOR INSERT
    TO "authenticated"
    WITH CHECK (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "bucket_avatars_select" ON "storage"."objects"
    AS PERMISSIVE FOR SELECT
    TO "authenticated"
    USING (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "bucket_avatars_update" ON "storage"."objects"
    AS PERMISSIVE FOR UPDATE
    TO "authenticated"
    USING (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)))
    WITH CHECK (((bucket_id = 'avatars'::text) AND ((storage.foldername(name))[1] = (( SELECT auth.uid() AS uid))::text)));

CREATE POLICY "bucket_listing-photos_delete" ON "storage"."objects"
    AS PERMISSIVE FOR DELETE
    TO "authenticated"
    USING (((bucket_id = 'listing-photos'::text) AND (EXISTS ( SELECT 1
   FROM public.listing listing
  WHERE (((listing.id)::text = (storage.foldername(objects.name))[1]) AND ((listing.seller_id = ( SELECT auth.uid() AS uid)) OR (listing.dealership_id = ANY (( SELECT private.current_user_dealership_ids(NULL::text[]) AS current_user_dealership_ids)::bigint[]))))))));

CREATE POLICY "bucket_listing-photos_insert" ON "storage"."objects"
    AS PERMISSIVE FOR INSERT
    TO "authenticated"
    WITH CHECK (((bucket_id = 'listing-photos'::text) AND (EXISTS ( SELECT 1
   FROM public.listing listing
  WHERE (((listing.id)::text = (storage.foldername(objects.name))[1]) AND ((listing.seller_id = ( SELECT auth.uid() AS uid)) OR (listing.dealership_id = ANY (( SELECT private.current_user_dealership_ids(NULL::text[]) AS current_user_dealership_ids)::bigint[]))))))));

CREATE POLICY "bucket_listing-photos_select" ON "storage"."objects"
    AS PERMISSIVE FOR SELECT
    TO "authenticated"
    USING ((bucket_id = 'listing-photos'::text));

CREATE POLICY "bucket_listing-photos_update" ON "storage"."objects"
    AS PERMISSIVE FOR UPDATE
    TO "authenticated"
    USING (((bucket_id = 'listing-photos'::text) AND (EXISTS ( SELECT 1
   FROM public.listing listing
  WHERE (((listing.id)::text = (storage.foldername(objects.name))[1]) AND ((listing.seller_id = ( SELECT auth.uid() AS uid)) OR (listing.dealership_id = ANY (( SELECT private.current_user_dealership_ids(NULL::text[]) AS current_user_dealership_ids)::bigint[]))))))))
    WITH CHECK (((bucket_id = 'listing-photos'::text) AND (EXISTS ( SELECT 1
   FROM public.listing listing
  WHERE (((listing.id)::text = (storage.foldername(objects.name))[1]) AND ((listing.seller_id = ( SELECT auth.uid() AS uid)) OR (listing.dealership_id = ANY (( SELECT private.current_user_dealership_ids(NULL::text[]) AS current_user_dealership_ids)::bigint[]))))))));
