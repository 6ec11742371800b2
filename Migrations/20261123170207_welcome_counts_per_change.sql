-- Migration welcome_counts_per_change, written by `rls diff` from the schema in Policies/.
-- 7 to create, 1 to change, 4 to drop, 2 to revoke or disable. Review it, then apply with `rls apply`.

DROP TRIGGER "brand_refresh_brand_listing_count" ON "public"."brand";

DROP TRIGGER "listing_refresh_brand_listing_count" ON "public"."listing";

DROP TRIGGER "vehicle_refresh_brand_listing_count" ON "public"."vehicle";

CREATE OR REPLACE FUNCTION public.count_listing_changes()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'TRUNCATE' then
    update public.brand_listing_count set available_listings = 0 where available_listings <> 0;
  elsif tg_op = 'INSERT' then
    insert into public.brand_listing_count as c (brand_id, available_listings)
    select v.brand_id, count(*)::integer
    from new_listings as l join public.vehicle as v on v.id = l.vehicle_id
    where l.status = 'available'
    group by v.brand_id
    order by v.brand_id  -- the same lock order in every transaction: no deadlocks
    on conflict (brand_id) do update set available_listings = c.available_listings + excluded.available_listings;
  elsif tg_op = 'DELETE' then
    insert into public.brand_listing_count as c (brand_id, available_listings)
    select v.brand_id, -count(*)::integer
    from old_listings as l join public.vehicle as v on v.id = l.vehicle_id
    where l.status = 'available'
    group by v.brand_id
    order by v.brand_id
    on conflict (brand_id) do update set available_listings = c.available_listings + excluded.available_listings;
  else
    insert into public.brand_listing_count as c (brand_id, available_listings)
    select v.brand_id, sum(d.change)::integer
    from (select vehicle_id, 1 as change from new_listings where status = 'available'
          union all
          select vehicle_id, -1 from old_listings where status = 'available') as d
    join public.vehicle as v on v.id = d.vehicle_id
    group by v.brand_id
    having sum(d.change) <> 0
    order by v.brand_id
    on conflict (brand_id) do update set available_listings = c.available_listings + excluded.available_listings;
  end if;
  return null;
end;
$function$;
COMMENT ON FUNCTION "public"."count_listing_changes"() IS 'Adds the available listings a statement inserted, updated or deleted to their brands'' counts.';

CREATE OR REPLACE FUNCTION public.count_vehicle_brand_moves()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform
  from public.listing as l
  join new_vehicles as n on n.id = l.vehicle_id
  join old_vehicles as o on o.id = n.id
  where o.brand_id <> n.brand_id
  for share of l;  -- a concurrent write to one of them waits, then counts after this move
  insert into public.brand_listing_count as c (brand_id, available_listings)
  select moved.brand_id, sum(moved.change)::integer
  from (select o.brand_id, o.id as vehicle_id, -1 as change
        from old_vehicles as o join new_vehicles as n on n.id = o.id where o.brand_id <> n.brand_id
        union all
        select n.brand_id, n.id, 1
        from old_vehicles as o join new_vehicles as n on n.id = o.id where o.brand_id <> n.brand_id) as moved
  join public.listing as l on l.vehicle_id = moved.vehicle_id and l.status = 'available'
  group by moved.brand_id
  having sum(moved.change) <> 0
  order by moved.brand_id
  on conflict (brand_id) do update set available_listings = c.available_listings + excluded.available_listings;
  return null;
end;
$function$;
COMMENT ON FUNCTION "public"."count_vehicle_brand_moves"() IS 'Moves the available listings of vehicles that changed brand to their new brand''s count.';

REVOKE ALL ON FUNCTION "public"."count_listing_changes"() FROM PUBLIC, "anon", "authenticated", "service_role";

REVOKE ALL ON FUNCTION "public"."count_vehicle_brand_moves"() FROM PUBLIC, "anon", "authenticated", "service_role";

CREATE TRIGGER listing_count_deleted AFTER DELETE ON public.listing REFERENCING OLD TABLE AS old_listings FOR EACH STATEMENT EXECUTE FUNCTION public.count_listing_changes();

CREATE TRIGGER listing_count_inserted AFTER INSERT ON public.listing REFERENCING NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION public.count_listing_changes();

CREATE TRIGGER listing_count_truncated AFTER TRUNCATE ON public.listing FOR EACH STATEMENT EXECUTE FUNCTION public.count_listing_changes();

CREATE TRIGGER listing_count_updated AFTER UPDATE ON public.listing REFERENCING OLD TABLE AS old_listings NEW TABLE AS new_listings FOR EACH STATEMENT EXECUTE FUNCTION public.count_listing_changes();

CREATE TRIGGER vehicle_count_brand_moves AFTER UPDATE ON public.vehicle REFERENCING OLD TABLE AS old_vehicles NEW TABLE AS new_vehicles FOR EACH STATEMENT EXECUTE FUNCTION public.count_vehicle_brand_moves();

COMMENT ON TABLE "public"."brand_listing_count" IS 'Available listings per brand for the public welcome page; maintained by triggers.';

DROP FUNCTION "public"."refresh_brand_listing_count"();
