import RLSCatalog
import RLSDatabase
import Testing

/// `rls plan` and `rls diff` mark a change "(destructive)" exactly when `rls apply`, which reads the
/// migration's text, will ask for `--allow-destructive`.
@Suite("Plan and apply agree on what is destructive")
struct PlanAgreesWithApplyTests {
    static let base = """
        create schema metrics;
        create type public.unit as enum ('bar', 'psi');
        create table public.gauge (id integer primary key, reading integer, label text, note text, level integer,
            doubled integer generated always as (level * 2) stored);
        """

    static let changes = [
        "alter table public.gauge alter column reading type bigint;",
        "alter table public.gauge alter column label type varchar(20);",
        "alter table public.gauge alter column reading type numeric(12, 2);",
        "alter table public.gauge drop column note;",
        "alter table public.gauge add column unit text;",
        "alter table public.gauge alter column label set default 'none';",
        """
        alter table public.gauge drop column doubled;
        alter table public.gauge add column doubled integer generated always as (level * 3) stored;
        """,
        "drop type public.unit; create type public.unit as enum ('bar');",
        "alter type public.unit add value 'kPa';",
        "drop schema metrics;",
        "alter publication supabase_realtime add table public.gauge; alter table public.gauge replica identity full;",
    ]

    @Test(arguments: changes)
    func planMarksWhatApplyRefuses(_ change: String) throws {
        let plan = try PlanHarness.applyAndReplan(from: Self.base, to: Self.base + "\n" + change)
        #expect(!plan.isEmpty)
        for step in plan.changes {
            let refused = SQLStatement.split(step.sql).contains { !$0.destructiveKinds.isEmpty }
            #expect(step.isDestructive == refused, "\(step.summary): \(step.sql)")
        }
    }

    @Test func wideningTypeChangeIsDestructive() throws {
        let plan = try PlanHarness.applyAndReplan(from: Self.base, to: Self.base + "\n" + Self.changes[0])
        #expect(plan.changes.map(\.summary) == ["~ column public.gauge.reading (destructive)"])
    }
}
