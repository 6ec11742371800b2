-- Baseline written by `rls pull` from a test database: the database exactly as it was, 17 to create, 0 to change, 0 to drop, 3 to revoke or disable.
-- That database already holds it: record it there without running it, with
-- `rls apply --mark-applied VERSION`. On an empty database it runs like any migration.

CREATE SCHEMA "private";

CREATE TABLE "public"."team" (
    "id" uuid DEFAULT gen_random_uuid() NOT NULL,
    "name" text NOT NULL,
    "created_at" timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT "team_pkey" PRIMARY KEY (id)
);

CREATE TABLE "public"."membership" (
    "team_id" uuid NOT NULL,
    "user_id" uuid NOT NULL,
    "role" text DEFAULT 'member'::text NOT NULL,
    CONSTRAINT "membership_pkey" PRIMARY KEY (team_id, user_id),
    CONSTRAINT "membership_team_id_fkey" FOREIGN KEY (team_id) REFERENCES public.team(id) ON DELETE CASCADE,
    CONSTRAINT "membership_user_id_fkey" FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

CREATE UNIQUE INDEX team_name_live ON public.team USING btree (lower(name));

CREATE INDEX membership_user_id_idx ON public.membership USING btree (user_id);

ALTER TABLE "public"."team" ENABLE ROW LEVEL SECURITY;

ALTER TABLE "public"."membership" ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION private.is_member_of(team uuid)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select exists (select 1 from public.membership m where m.team_id = team and m.user_id = (select auth.uid())) $function$;

revoke all on table "public"."membership" from public, "anon", "authenticated", "service_role";

revoke all on table "public"."team" from public, "anon", "authenticated", "service_role";

revoke all on function "private"."is_member_of"(team uuid) from public, "anon", "authenticated", "service_role";

grant usage on schema "private" to "authenticated";

grant select, delete on table "public"."membership" to "authenticated";

grant select, insert, update, delete, truncate, references, trigger on table "public"."membership" to "service_role";

grant select on table "public"."team" to "authenticated";

grant select, insert, update, delete, truncate, references, trigger on table "public"."team" to "service_role";

grant execute on function "private"."is_member_of"(team uuid) to "authenticated";

create policy "members read memberships" on "public"."membership"
  as permissive
  for select
  to "authenticated"
  using (( SELECT private.is_member_of(membership.team_id) AS is_member_of));

create policy "users leave teams" on "public"."membership"
  as permissive
  for delete
  to "authenticated"
  using ((user_id = ( SELECT auth.uid() AS uid)));

create policy "members read their teams" on "public"."team"
  as permissive
  for select
  to "authenticated"
  using (( SELECT private.is_member_of(team.id) AS is_member_of));
