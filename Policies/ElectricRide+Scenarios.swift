import RLSModel

extension ElectricRide {
    /// Stories `rls check` proves beyond its generated matrix. They run on top of its fixture rows
    /// (a listing, a photo, a saved listing and a profile for each of alice and bob), each inside a
    /// savepoint that is rolled back.
    public static let scenarios: [Scenario] = [
        Scenario("bob never sees alice's saved listings") {
            As(.alice) {
                Run(SQL(raw: "delete from public.saved"))
                Run(SQL(raw: "insert into public.saved (listing_id) select id from public.listing order by id limit 2"))
                Expect(SQL(raw: "select count(*) from public.saved"), .returns("2"))
            }
            As(.bob) {
                Expect(SQL(raw: "select count(*) from public.saved where profile_id <> (select auth.uid())"), .returns("0"))
                Expect(SQL(raw: "delete from public.saved where profile_id <> (select auth.uid())"), .rowCount(0))
            }
            As(.alice) {
                Expect(SQL(raw: "select count(*) from public.saved"), .returns("2"))
            }
        },
        Scenario("anon reads the per-brand counts but no listing") {
            As(.anon) {
                Expect(SQL(raw: "select count(*) > 0 from public.welcome_brand_counts"), .returns("t"))
                Expect(SQL(raw: "select * from public.listing"), .permissionDenied)
                Expect(SQL(raw: "select * from public.vehicle"), .permissionDenied)
            }
        },
        Scenario("the welcome page counts follow a new listing") {
            As(.alice) {
                Expect(
                    SQL(
                        raw: """
                            insert into public.listing (vehicle_id, colour_id, price, odometer_km)
                            select v.id, c.id, 15000, 1200 from public.vehicle v, public.colour c order by v.id, c.id limit 1
                            """), .rowCount(1))
            }
            As(.serviceRole) {
                Expect(
                    SQL(
                        raw: """
                            select count(*) = 0 from public.welcome_brand_counts w
                            where w.available_listings <> (select count(*) from public.listing l join public.vehicle v on v.id = l.vehicle_id
                                                           where v.brand_id = w.brand_id and l.status = 'available')
                            """), .returns("t"))
            }
        },
        Scenario("nobody lists a vehicle under someone else's name") {
            As(.alice) {
                Expect(
                    SQL(
                        raw: """
                            insert into public.listing (seller_id, vehicle_id, colour_id, price, odometer_km)
                            select p.id, v.id, c.id, 1, 1 from public.profiles p, public.vehicle v, public.colour c
                            where p.id <> (select auth.uid()) limit 1
                            """), .rejectedByPolicy)
            }
        },
    ]
}
