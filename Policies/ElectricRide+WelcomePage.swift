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
            body: SQL(
                raw: """
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
            body: SQL(
                raw: """
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
                    """))

        Trigger(
            "vehicle_count_brand_moves", on: "vehicle", .after, [.update], level: .statement,
            referencing: .init(old: "old_vehicles", new: "new_vehicles"), execute: "public.count_vehicle_brand_moves")

        View(
            "welcome_brand_counts", readableBy: [.anon, .authenticated],
            comment: "Brand names with their available listing counts, for the welcome page.",
            query: SQL(
                raw: """
                    select b.id as brand_id, b.name as brand, coalesce(c.available_listings, 0) as available_listings
                    from public.brand as b
                    left join public.brand_listing_count as c on c.brand_id = b.id
                    """)
        )
        // For the app's row type (rls types): the columns the query returns.
        .columns(Column("brand_id", .bigint), Column("brand", .text), Column("available_listings", .integer))
    }
}
