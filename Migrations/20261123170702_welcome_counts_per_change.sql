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
declare
  vehicle_ids bigint[];
  changes integer[];
begin
  if tg_op = 'TRUNCATE' then
    update public.brand_listing_count set available_listings = 0 where available_listings <> 0;
    return null;
  end if;
  -- Per vehicle, the listings the statement made available minus those it made unavailable.
  if tg_op = 'INSERT' then
    select array_agg(vehicle_id), array_agg(change) into vehicle_ids, changes
    from (select vehicle_id, count(*)::integer as change
          from new_listings where status = 'available' group by vehicle_id) as per_vehicle;
  elsif tg_op = 'DELETE' then
    select array_agg(vehicle_id), array_agg(change) into vehicle_ids, changes
    from (select vehicle_id, -count(*)::integer as change
          from old_listings where status = 'available' group by vehicle_id) as per_vehicle;
  else
    select array_agg(vehicle_id), array_agg(change) into vehicle_ids, changes
    from (select vehicle_id, sum(change)::integer as change
          from (select vehicle_id, 1 as change from new_listings where status = 'available'
                union all
                select vehicle_id, -1 from old_listings where status = 'available') as both_sides
          group by vehicle_id
          having sum(change) <> 0) as per_vehicle;
  end if;
  if vehicle_ids is null then
    return null;  -- no listing became or stopped being available (a price change, say)
  end if;
  insert into public.brand_listing_count as c (brand_id, available_listings)
  select brand_id, sum(change)::integer
  from (select (select v.brand_id from public.vehicle as v where v.id = d.vehicle_id) as brand_id, d.change
        from unnest(vehicle_ids, changes) as d (vehicle_id, change)) as per_brand
  group by brand_id
  having sum(change) <> 0
  order by brand_id  -- the same lock order in every statement: no deadlocks between them
  on conflict (brand_id) do update set available_listings = c.available_listings + excluded.available_listings;
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
declare
  vehicle_ids bigint[];
  from_brands bigint[];
  to_brands bigint[];
begin
  select array_agg(n.id), array_agg(o.brand_id), array_agg(n.brand_id) into vehicle_ids, from_brands, to_brands
  from old_vehicles as o join new_vehicles as n on n.id = o.id
  where o.brand_id <> n.brand_id;
  if vehicle_ids is null then
    return null;  -- no vehicle changed brand
  end if;
  -- A concurrent write to one of these listings waits, then counts after this move.
  perform from public.listing where vehicle_id = any (vehicle_ids) for share;
  insert into public.brand_listing_count as c (brand_id, available_listings)
  select moves.brand_id, sum(moves.change * listings.available)::integer
  from unnest(vehicle_ids, from_brands, to_brands) as m (vehicle_id, from_brand, to_brand)
  cross join lateral (select count(*) as available from public.listing as l
                      where l.vehicle_id = m.vehicle_id and l.status = 'available') as listings
  cross join lateral (values (m.from_brand, -1), (m.to_brand, 1)) as moves (brand_id, change)
  group by moves.brand_id
  having sum(moves.change * listings.available) <> 0
  order by moves.brand_id
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
