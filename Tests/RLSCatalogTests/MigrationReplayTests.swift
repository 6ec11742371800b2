import Foundation
import RLSCatalog
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

/// `rls plan` replays the pending files once: drift, collisions and what they still leave different
/// all come from one throwaway database, and rows that end the files are only left out where
/// nothing can tell.
@Suite("Migration replay")
struct MigrationReplayTests {
    /// A replay of `pending` after nothing, against an empty Supabase-shaped target.
    static func replay(_ pending: String) throws -> MigrationReplay {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        return try MigrationReplay(
            target: db, applied: [], pending: [SQLScript(name: "20261201000000_seed.sql", sql: pending)],
            scratch: TestDatabase.cluster)
    }

    static func tables(_ catalog: Catalog) -> [String] {
        catalog.tables.filter { $0.name.schema == "public" }.map(\.name.name).sorted()
    }

    @Test("One replay answers drift, collisions and what the files leave different")
    func oneReplay() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(MiniSupabaseSchema.sql + "\ncreate table public.by_hand (id int);")
        let index = "create index listing_brand_id_idx on public.listing (brand_id);"
        let replay = try MigrationReplay(
            target: db, applied: [SQLScript(name: "init.sql", sql: MiniSupabaseSchema.sql)],
            pending: [
                SQLScript(name: "index.sql", sql: index), SQLScript(name: "by_hand.sql", sql: "create table public.by_hand (id int);"),
            ],
            scratch: TestDatabase.cluster)
        #expect(!Self.tables(replay.before).contains("by_hand") && Self.tables(replay.after).contains("by_hand"))
        let desired = MiniSupabaseSchema.sql + "\n" + index + "\ncreate table public.by_hand (id int);"
        #expect(try Drift.plan(replay, desiredSQL: desired, scratch: TestDatabase.cluster).changes.map(\.summary) == [])
        let collisions = Drift.collisions(replay).map(\.summary)
        #expect(
            collisions.contains("+ table public.by_hand") && !collisions.contains { $0.contains("listing_brand_id_idx") }, "\(collisions)")
        let every = replay.applied + replay.pending
        #expect(try Drift.migrationPlan(migrations: every, reusing: replay, desiredSQL: desired, scratch: TestDatabase.cluster).isEmpty)
        // Another order of files than the replay's is replayed again, to the same state.
        let reordered = [every[0], every[2], every[1]]
        #expect(try Drift.migrationPlan(migrations: reordered, reusing: replay, desiredSQL: desired, scratch: TestDatabase.cluster).isEmpty)
    }

    @Test("Rows of literals that end the pending files are not sent: a duplicate key there does not fail the plan")
    func finalRowsLeftOut() throws {
        let replay = try Self.replay(
            """
            create table public.seed (id bigint primary key, body text not null);
            insert into public.seed (id, body) values (1, 'a'), (2, 'b');
            insert into public.seed values (1, 'the same key again');
            """)
        #expect(Self.tables(replay.after) == ["seed"])
    }

    /// A project made before 2026-10-30 (its default privileges grant new tables to the API roles):
    /// what the files leave different from the schema is replayed again without those privileges,
    /// and leaves the final rows out too. (Before, that second replay sent every row: a 50 MB seed
    /// file took 15.7 s to plan instead of 2.3 s, and a duplicate key there failed the plan.)
    @Test("On a project with the old default privileges, the second replay leaves the final rows out too")
    func finalRowsLeftOutOnALegacyProject() throws {
        let seed = SQLScript(
            name: "20261201000000_seed.sql",
            sql: """
                create table public.seed (id bigint primary key, body text not null);
                insert into public.seed (id, body) values (1, 'a'), (2, 'b');
                insert into public.seed values (1, 'the same key again');
                """)
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        let replay = try MigrationReplay(
            target: db, applied: [], pending: [seed], scratch: TestDatabase.cluster, defaultPrivileges: .legacyGrantAll)
        let desired = "create table public.seed (id bigint primary key, body text not null);"
        let plan = try Drift.migrationPlan(migrations: [seed], reusing: replay, desiredSQL: desired, scratch: TestDatabase.cluster)
        #expect(plan.isEmpty, "\(plan.changes.map(\.summary))")
    }

    @Test("Rows followed by a statement that could see them are sent, and its failure shows")
    func rowsBeforeDDLAreSent() throws {
        #expect {
            try Self.replay(
                """
                create table public.seed (id bigint, body text);
                insert into public.seed values (1, 'a'), (1, 'b');
                create unique index seed_id on public.seed (id);
                """)
        } throws: { error in
            "\(error)".contains("failed on a throwaway database at line 3") && "\(error)".contains("23505")
        }
    }

    @Test("Rows for a table with a trigger, or a default that calls a function of the project's, are sent")
    func rowsThatRunCodeAreSent() throws {
        let trigger = try Self.replay(
            """
            create table public.seed (id bigint);
            create function public.seed_made() returns trigger language plpgsql as $$
            begin create table if not exists public.made_by_trigger (id int); return new; end $$;
            create trigger seed_made before insert on public.seed for each row execute function public.seed_made();
            insert into public.seed values (1);
            """)
        #expect(Self.tables(trigger.after) == ["made_by_trigger", "seed"])
        let defaulted = try Self.replay(
            """
            create function public.next_id() returns bigint language plpgsql as $$
            begin create table if not exists public.made_by_default (id int); return 1; end $$;
            create table public.seed (id bigint default public.next_id(), body text);
            insert into public.seed (body) values ('a');
            """)
        #expect(Self.tables(defaulted.after) == ["made_by_default", "seed"])
    }

    @Test("Rows for storage.buckets are sent: the catalog reads them")
    func bucketRowsAreSent() throws {
        let replay = try Self.replay("insert into storage.buckets (id, name) values ('avatars', 'avatars');")
        #expect(replay.after.environment.buckets?.map(\.id) == ["avatars"])
    }
}
