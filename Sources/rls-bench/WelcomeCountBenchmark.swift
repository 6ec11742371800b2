import ElectricRide
import Foundation
import RLSDatabase
import RLSSQL

/// `rls-bench counts`: what the example's welcome-page count triggers add to a write at 200,000
/// listings (target: a listing update within 1.2 times the same update without the triggers).
///
/// The example is applied to a fresh database with 20,000 sellers of 10 listings each, and copied
/// to `listing_without_triggers` (same columns, indexes and rows; no triggers). Each update runs
/// once on each table, alternating statement by statement, so a busy machine slows both sides
/// alike; each figure is the median statement time.
struct WelcomeCountBenchmark: CustomStringConvertible {
    /// Listings in the table.
    let listings: Int
    /// Median milliseconds per update, (with triggers, without), for a price change.
    let price: (with: Double, without: Double)
    /// Median milliseconds per update, (with triggers, without), for a status change that moves counts.
    let status: (with: Double, without: Double)

    /// The target's ratio: price changes are what sellers do most.
    var ratio: Double { price.with / price.without }

    var description: String {
        func line(_ label: String, _ pair: (with: Double, without: Double)) -> String {
            String(
                format: "  %@: %.3f ms with the count triggers, %.3f ms without (%.2fx)",
                label, pair.with, pair.without, pair.with / pair.without)
        }
        return [
            "welcome-page counts at \(listings) listings (one seller's 10 listings per update, median):",
            line("update listing set price = ...  ", price),
            line("update listing set status = ... ", status),
        ].joined(separator: "\n")
    }

    static func run(
        on cluster: EmbeddedCluster, sellers: Int = 20_000, perSeller: Int = 10,
        statements: Int = 200, rounds: Int = 5
    ) throws -> WelcomeCountBenchmark {
        let url = try cluster.createDatabase("bench_counts_\(getpid())")
        let db = try Connection(url: url)
        defer { db.close() }
        try db.transaction { try $0.execute(render(ElectricRide.schema)) }
        try db.execute(
            """
            insert into auth.users (id, email)
            select md5('seller ' || g)::uuid, 'seller' || g || '@example.org' from generate_series(1, \(sellers)) as g;
            insert into public.brand (name) select 'Brand ' || g from generate_series(1, 40) as g;
            insert into public.colour (name) values ('Red');
            insert into public.vehicle (brand_id, model, model_year)
            select 1 + g % 40, 'Model ' || g, 2024 from generate_series(1, 2000) as g;
            insert into public.listing (seller_id, vehicle_id, colour_id, price, odometer_km, status)
            select md5('seller ' || (1 + g % \(sellers)))::uuid, 1 + g % 2000, 1, 10000 + g % 5000, g % 200000,
                   case when g % 9 = 0 then 'sold' else 'available' end::public.listing_status
            from generate_series(1, \(sellers * perSeller)) as g;
            analyze;
            """)
        let recount = try db.query(
            """
            select (select count(*) from public.listing where status = 'available') as counted,
                   (select sum(available_listings) from public.brand_listing_count) as shown
            """)
        guard let row = recount.first, try row.int("counted") == row.int("shown") else {
            throw BenchmarkFailure("the welcome-page counts differ from a recount after loading the listings")
        }
        try db.execute(
            """
            create table public.listing_without_triggers (like public.listing including all);
            insert into public.listing_without_triggers overriding system value select * from public.listing;
            analyze public.listing_without_triggers;
            """)
        let updates = [
            ("price", "set price = price + 1"),
            ("status", "set status = case status when 'available' then 'sold' else 'available' end::public.listing_status"),
        ]
        var times: [String: [Double]] = [:]
        for (label, assignment) in updates {
            for index in 0..<statements * rounds {
                let seller = String(1 + (index * 97) % sellers)
                for (side, table) in [("with", "listing"), ("without", "listing_without_triggers")] {
                    let sql = "update public.\(table) \(assignment) where seller_id = md5('seller ' || $1)::uuid"
                    let seconds = try Stopwatch.time { _ = try db.query(sql, [seller]) }
                    times["\(label) \(side)", default: []].append(seconds * 1000)
                }
            }
        }
        func median(_ key: String) -> Double { Stopwatch.median(times[key] ?? []) }
        return WelcomeCountBenchmark(
            listings: sellers * perSeller,
            price: (median("price with"), median("price without")),
            status: (median("status with"), median("status without")))
    }

    /// This run's figures beside the target.
    func summarize(into summary: inout BenchmarkSummary) {
        summary.add(
            "listing update at \(listings) listings / without triggers", String(format: "%.2fx (%.3f ms)", ratio, price.with),
            target: "<= 1.2x", met: ratio <= 1.2)
        summary.add(
            "  a status change that moves counts", String(format: "%.2fx (%.3f ms)", status.with / status.without, status.with),
            target: "-", met: nil)
    }
}
