import RLSCatalog
import Testing

/// Each change kind, both ways: from the mini schema to the schema plus a change, and back.
/// The plan must apply and planning again must find nothing.
@Suite("Plans apply and re-plan to empty")
struct PlanRoundTripTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let change: String
        /// The first plan line expected going forward (base → base + change).
        let forward: String
        /// False when going back cannot apply by design (removing an enum label in use).
        var reversible = true
        /// False when going forward needs more than `postgres` may do (dropping a trigger on
        /// `auth.users` needs its owner; then the change is made by the admin, as drift by hand).
        var forwardApplies = true
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(
            label: "create table",
            change: """
                create table public.review (id bigint primary key, listing_id bigint not null references public.listing (id),
                    body text not null, created_at timestamptz default now());
                create table public.review_flag (review_id bigint references public.review (id), reason text);
                alter table public.review enable row level security;
                create policy "reads reviews" on public.review for select to authenticated using (true);
                grant select on public.review to authenticated;
                """, forward: "+ table public.review"),
        Case(
            label: "alter column type", change: "alter table public.patron alter column display_name type varchar(80);",
            forward: "~ column public.patron.display_name"),
        Case(
            label: "alter column type under a view",
            change: """
                drop view public.brand_counts;
                alter table public.brand alter column name type varchar(100);
                create view public.brand_counts with (security_invoker = true) as
                    select b.name, count(l.id) as listings from public.brand b
                    left join public.listing l on l.brand_id = b.id group by b.name;
                grant select on public.brand_counts to anon, authenticated;
                """, forward: "- view public.brand_counts"),
        Case(
            label: "add column", change: "alter table public.listing add column mileage integer not null default 0;",
            forward: "+ column public.listing.mileage"),
        Case(
            label: "add column used by a policy",
            change: """
                alter table public.saved add column hidden boolean not null default false;
                create policy "hide hidden" on public.saved as restrictive for select to authenticated using (not hidden);
                """, forward: "+ column public.saved.hidden"),
        Case(
            label: "change default", change: "alter table public.patron alter column created_at set default statement_timestamp();",
            forward: "~ column public.patron.created_at"),
        Case(
            label: "policy change",
            change: """
                alter policy "owner reads saved" on public.saved using ((select auth.uid()) = patron_id and note is not null);
                """, forward: "~ policy public.saved.owner reads saved"),
        Case(
            label: "policy added",
            change: """
                create policy "owner deletes saved" on public.saved for delete to authenticated using ((select auth.uid()) = patron_id);
                """, forward: "+ policy public.saved.owner deletes saved"),
        Case(
            label: "grant change", change: "grant select on public.listing to anon; revoke delete on public.saved from authenticated;",
            forward: "- privilege DELETE on public.saved to authenticated"),
        Case(
            label: "column grant", change: "grant update (display_name) on public.patron to authenticated;",
            forward: "+ privilege UPDATE on public.patron.display_name to authenticated"),
        Case(
            label: "add index", change: "create index listing_brand_id_idx on public.listing (brand_id);",
            forward: "+ index public.listing_brand_id_idx"),
        Case(
            label: "add constraint",
            change: """
                alter table public.patron add constraint display_name_length check (char_length(display_name) < 100);
                """, forward: "+ constraint public.patron.display_name_length"),
        Case(
            label: "RLS disabled", change: "alter table public.saved disable row level security;",
            forward: "- row level security public.saved"),
        Case(
            label: "trigger dropped", change: "drop trigger on_auth_user_created on auth.users;",
            forward: "+ trigger auth.users.on_auth_user_created", forwardApplies: false),
        Case(
            label: "function change",
            change: """
                create or replace function private.handle_new_user() returns trigger
                    language plpgsql security definer set search_path = '' as $$
                    begin
                        insert into public.patron (id) values (new.id);
                        return new;
                    end;
                    $$;
                """, forward: "~ function private.handle_new_user()"),
        Case(
            label: "enum value added", change: "alter type public.vehicle_kind add value 'van';",
            forward: "~ enum public.vehicle_kind", reversible: false),
        Case(
            label: "view options and comments",
            change: """
                alter view public.brand_counts set (security_invoker = false);
                comment on table public.saved is 'Listings a patron keeps.';
                """, forward: "~ view public.brand_counts"),
        Case(
            label: "new schema with a function",
            change: """
                create schema billing;
                create function billing.is_admin() returns boolean language sql stable security definer
                    set search_path = '' as $$ select coalesce((select auth.jwt() ->> 'role') = 'admin', false) $$;
                grant usage on schema billing to authenticated;
                """, forward: "+ schema billing"),
    ]

    @Test(arguments: cases.filter(\.forwardApplies))
    func forward(_ testCase: Case) throws {
        let plan = try PlanHarness.applyAndReplan(
            from: MiniSupabaseSchema.sql, to: MiniSupabaseSchema.sql + "\n" + testCase.change)
        #expect(
            plan.changes.first?.summary.hasPrefix(testCase.forward) == true,
            "first change: \(plan.changes.first?.summary ?? "none")")
    }

    @Test(arguments: cases.filter(\.reversible))
    func backward(_ testCase: Case) throws {
        let plan =
            testCase.forwardApplies
            ? try PlanHarness.applyAndReplan(from: MiniSupabaseSchema.sql + "\n" + testCase.change, to: MiniSupabaseSchema.sql)
            : try PlanHarness.applyAndReplan(
                from: MiniSupabaseSchema.sql, changedByAdmin: testCase.change,
                to: MiniSupabaseSchema.sql)
        #expect(!plan.isEmpty)
        if !testCase.forwardApplies {
            #expect(plan.changes.first?.summary.hasPrefix(testCase.forward) == true)
        }
    }

    static let dropAuthTrigger = "drop trigger on_auth_user_created on auth.users;"

    @Test func unchangedSchemaPlansNothing() throws {
        let plan = try PlanHarness.applyAndReplan(from: MiniSupabaseSchema.sql, to: MiniSupabaseSchema.sql)
        #expect(plan.isEmpty, "\(plan.sql)")
    }

    @Test func fromEmptyDatabaseCreatesEverything() throws {
        let plan = try PlanHarness.applyAndReplan(from: "", to: MiniSupabaseSchema.sql)
        #expect(plan.changes.count > 20)
        #expect(!plan.isDestructive)
    }

    @Test func toEmptyDatabaseDropsEverything() throws {
        let plan = try PlanHarness.applyAndReplan(from: MiniSupabaseSchema.sql, changedByAdmin: Self.dropAuthTrigger, to: "")
        #expect(plan.isDestructive)
    }
}
