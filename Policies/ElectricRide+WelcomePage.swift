import RLSModel

extension ElectricRide {
    /// The welcome page shows, to anyone, how many listings are available per brand,
    /// without letting `anon` read a single listing.
    ///
    /// Pattern: a small counts table, readable by anyone, kept up to date by a trigger.
    /// Alternatives considered and why not:
    /// - a `security_invoker` view counting listings: it runs as the caller, and RLS hides
    ///   every listing from `anon`, so the counts would read zero;
    /// - a view without `security_invoker` (runs as its owner): Supabase's linter flags it
    ///   (0010 security_definer_view, ERROR), and any column added later leaks;
    /// - a SECURITY DEFINER function `anon` may execute: flagged too
    ///   (0028 anon_security_definer_function_executable, WARN).
    /// The trigger's function is SECURITY DEFINER with an empty `search_path`, but nobody
    /// may EXECUTE it: triggers fire without that privilege. It only ever writes counts.
    /// It recounts every brand once per statement, which is fine for a marketplace of this
    /// size; at a much larger scale, per-row increments would replace the recount.
    ///
    /// Splinter's 0026/0027 (pg_graphql introspection) list every table `anon` or
    /// `authenticated` may SELECT whenever the pg_graphql extension is installed: a public
    /// page cannot avoid them. A project that does not use GraphQL drops the extension.
    @SchemaBuilder static var welcomePageCounts: [SchemaElement] {
        Table("brand_listing_count") {
            Column("brand_id", .bigint).primaryKey().references("brand", onDelete: .cascade)
            Column("available_listings", .integer).default(0)
        }
        .comment("Available listings per brand for the public welcome page; maintained by a trigger.")
        .access(read: .public, write: .noAccess)

        Function(
            "refresh_brand_listing_count", returns: .trigger, security: .definer,
            comment: "Recounts available listings per brand after listings, vehicles or brands change.",
            body: SQL(raw: """
                begin
                  insert into public.brand_listing_count (brand_id, available_listings)
                  select b.id, count(l.id)::integer
                  from public.brand as b
                  left join public.vehicle as v on v.brand_id = b.id
                  left join public.listing as l on l.vehicle_id = v.id and l.status = 'available'
                  group by b.id
                  order by b.id  -- the same lock order in every transaction: no deadlocks
                  on conflict (brand_id) do update set available_listings = excluded.available_listings;
                  return null;
                end;
                """))

        for table in ["listing", "vehicle", "brand"] {
            Trigger(
                "\(table)_refresh_brand_listing_count", on: TableName(name: table), .after,
                [.insert, .update, .delete], level: .statement, execute: "public.refresh_brand_listing_count")
        }

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
