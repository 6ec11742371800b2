-- Migration listing_live, written by `rls diff` from the schema in Policies/.
-- 1 to create, 0 to change, 0 to drop. Review it, then apply with `rls apply`.

ALTER PUBLICATION "supabase_realtime" ADD TABLE "public"."listing";
