import RLSModel

extension ElectricRide {
    /// The welcome page shows, to anyone, how many listings are available per brand,
    /// without letting `anon` read a single listing.
    ///
    /// Pattern: a small counts table, readable by anyone, kept up to date by triggers.
    /// Alternatives considered and why not:
    /// - a `security_invoker` view counting listings: it runs as the caller, and RLS hides
    ///   every listing from `anon`, so the counts would read zero;
    /// - a view without `security_invoker` (runs as its owner): Supabase's linter flags it
    ///   (0010 security_definer_view, ERROR), and any column added later leaks;
    /// - a SECURITY DEFINER function `anon` may execute: flagged too
    ///   (0028 anon_security_definer_function_executable, WARN).
    /// The triggers' functions are SECURITY DEFINER with an empty `search_path`, but nobody
    /// may EXECUTE them: triggers fire without that privilege. They only ever write counts.
    ///
    /// Each write costs what it changed, not what the tables hold: statement-level triggers see
    /// the rows a statement inserted, updated or deleted (transition tables) and add one signed
    /// change per brand. An update that touches no status, vehicle or brand adds nothing.
    /// Exactness under concurrency: the counts move only by `available_listings + change`
    /// (row-locked, never recomputed from a stale snapshot), brands in ascending order within a
    /// statement (one lock order: two statements cannot deadlock on the counts); moving a vehicle to another brand locks its listings
    /// first, and a new listing's foreign-key check locks its vehicle against such a move
    /// (`brand_id` belongs to a unique key), so whichever commits second counts the other's rows.
    ///
    /// Splinter's 0026/0027 (pg_graphql introspection) list every table `anon` or
    /// `authenticated` may SELECT whenever the pg_graphql extension is installed: a public
    /// page cannot avoid them. A project that does not use GraphQL drops the extension.
    @SchemaBuilder static var welcomePageCounts: [SchemaElement] {
        Table("brand_listing_count") {
            Column("brand_id", .bigint).primaryKey().references("brand", onDelete: .cascade)
            Column("available_listings", .integer).default(0)
        }
        .comment("Available listings per brand for the public welcome page; maintained by triggers.")
        .access(read: .public, write: .noAccess)

        Function(
            "count_listing_changes", returns: .trigger, security: .definer,
            comment: "Adds the available listings a statement inserted, updated or deleted to their brands' counts.",
            body: SQL(raw: """
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
                """))

        Trigger(
            "listing_count_inserted", on: "listing", .after, [.insert], level: .statement,
            referencing: .init(new: "new_listings"), execute: "public.count_listing_changes")
        Trigger(
            "listing_count_updated", on: "listing", .after, [.update], level: .statement,
            referencing: .init(old: "old_listings", new: "new_listings"), execute: "public.count_listing_changes")
        Trigger(
            "listing_count_deleted", on: "listing", .after, [.delete], level: .statement,
            referencing: .init(old: "old_listings"), execute: "public.count_listing_changes")
        Trigger(
            "listing_count_truncated", on: "listing", .after, [.truncate], level: .statement,
            execute: "public.count_listing_changes")

        // Inserting a vehicle adds no listing, and deleting one that has listings fails (foreign key):
        // only moving a vehicle to another brand changes counts.
        Function(
            "count_vehicle_brand_moves", returns: .trigger, security: .definer,
            comment: "Moves the available listings of vehicles that changed brand to their new brand's count.",
            body: SQL(raw: """
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
                """))

        Trigger(
            "vehicle_count_brand_moves", on: "vehicle", .after, [.update], level: .statement,
            referencing: .init(old: "old_vehicles", new: "new_vehicles"), execute: "public.count_vehicle_brand_moves")

        View(
            "welcome_brand_counts", readableBy: [.anon, .authenticated],
            comment: "Brand names with their available listing counts, for the welcome page.",
            query: SQL(raw: """
                select b.id as brand_id, b.name as brand, coalesce(c.available_listings, 0) as available_listings
                from public.brand as b
                left join public.brand_listing_count as c on c.brand_id = b.id
                """))
    }
}
