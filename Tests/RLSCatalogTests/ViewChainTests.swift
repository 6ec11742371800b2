import Foundation
import RLSCatalog
import Testing

/// Views that read other views are dropped dependents-first and created dependencies-first when a
/// column under them changes type.
@Suite("Views over views")
struct ViewChainTests {
    static let base =
        MiniSupabaseSchema.sql + """

            create view public.cheap_listing as select id, title, price from public.listing where price < 100;
            create view public.cheap_titles as select title from public.cheap_listing;
            grant select on public.cheap_titles to anon;
            """

    @Test func columnTypeChangeUnderTwoViews() throws {
        let changed = Self.base.replacingOccurrences(
            of: "price numeric(10, 2) check (price > 0)",
            with: "price numeric(12, 2) check (price > 0)")
        let plan = try PlanHarness.applyAndReplan(from: Self.base, to: changed)
        #expect(plan.changes.prefix(2).map(\.summary) == ["- view public.cheap_titles", "- view public.cheap_listing"])
        let creates = plan.changes.filter { $0.object == .view && $0.kind != .drop }.map(\.name)
        #expect(creates.firstIndex(of: "public.cheap_listing")! < creates.firstIndex(of: "public.cheap_titles")!)
        #expect(plan.changes.contains { $0.summary == "+ privilege SELECT on public.cheap_titles to anon" })
    }
}
