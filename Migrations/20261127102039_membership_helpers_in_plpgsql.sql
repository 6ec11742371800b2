-- Migration membership_helpers_in_plpgsql, written by `rls diff` from the schema declared in ElectricRide/ElectricRide.swift.
-- 0 to create, 1 to change, 0 to drop. Review it, then apply with `rls apply`.

CREATE OR REPLACE FUNCTION private.current_user_dealership_ids(roles text[])
 RETURNS bigint[]
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  return (
    select coalesce(array_agg(m."dealership_id"), '{}')
    from "public"."dealership_member" as m
    where m."user_id" = (select auth.uid())
      and ("current_user_dealership_ids".roles is null or m."role"::text = any ("current_user_dealership_ids".roles)));
end
$function$;
