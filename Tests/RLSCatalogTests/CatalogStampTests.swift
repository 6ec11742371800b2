import Foundation
import RLSCatalog
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSPostgres

/// The catalog stamp behind the no-op `rls plan`: it must move with every change an introspection
/// could see (else a plan would miss drift), and stay put when only data changes (else the shortcut
/// would never be taken).
@Suite("Catalog stamp")
struct CatalogStampTests {
    /// Every catalog an introspection query names is stamped, or is a view over stamped ones.
    @Test func everyCatalogTheIntrospectionReadsIsStamped() throws {
        let queries = [
            IntrospectionQuery.schemasAndEnums, IntrospectionQuery.relations, IntrospectionQuery.columns,
            IntrospectionQuery.tableParts, IntrospectionQuery.policies, IntrospectionQuery.functions,
            IntrospectionQuery.grants, IntrospectionQuery.liveTables, IntrospectionQuery.environment,
        ]
        // Views, by the stamped catalogs under them (pg_roles is stamped whole; the available
        // extensions come from files on the server, and only installed ones count).
        let views: [String: [String]] = [
            "pg_roles": [], "pg_publication_tables": ["pg_publication", "pg_publication_rel", "pg_publication_namespace"],
            "pg_available_extensions": ["pg_extension"],
        ]
        let pattern = try Regex(#"\bpg_[a-z_]+\b(?!\s*\()"#)
        var named = Set<String>()
        for query in queries {
            for match in query.matches(of: pattern) { named.insert(String(query[match.range])) }
        }
        named.remove("pg_catalog")
        #expect(named.count > 10, "the pattern found the catalogs: \(named.sorted())")
        for catalog in named.sorted() {
            let covered = views[catalog] ?? [catalog]
            #expect(
                covered.allSatisfy(IntrospectionQuery.stampedCatalogs.contains),
                "an introspection query reads \(catalog), which the catalog stamp does not cover")
        }
    }

    /// Data, statistics and reads leave the stamp as it was; each kind of schema change moves it.
    @Test func theStampMovesWithTheCatalogNotWithData() throws {
        try withMiniDatabase { url, db, _ in
            var stamp = try db.catalogStamp()
            #expect(stamp.stamp.count == 32 && !stamp.identity.isEmpty)
            try db.execute(
                "insert into public.brand (name) values ('Volta'), ('Ampere'); analyze public.brand; select * from public.listing")
            #expect(try db.catalogStamp() == stamp, "data and statistics are not catalog changes")
            let changes = [
                "comment on column public.listing.title is 'Shown first.'",
                "grant update (display_name) on public.patron to authenticated",
                "alter policy \"signed in reads listings\" on public.listing using (price > 0)",
                "alter table public.saved alter column note set default 'none'",
                "alter type public.vehicle_kind add value 'van'",
                """
                create or replace function private.handle_new_user() returns trigger
                    language plpgsql security definer set search_path = '' as $$ begin return new; end; $$
                """,
                "alter default privileges in schema public grant select on tables to anon",
                "alter table public.brand disable row level security",
                "create index brand_name_idx on public.brand (name)",
                "alter schema private rename to internal",
            ]
            for change in changes {
                try PlanHarness.asAdmin(url, change)
                let next = try db.catalogStamp()
                #expect(next != stamp, "the stamp did not move after: \(change)")
                #expect(next.identity == stamp.identity)
                stamp = next
            }
        }
    }

    /// A stamp seen before answers a plan in one round trip; a hand change after it is still found.
    @Test func aKnownStampSkipsTheCatalogReadAndDriftStillShows() throws {
        try withMiniDatabase { url, db, directory in
            let first = try Drift.plan(
                target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster, cacheDirectory: directory)
            #expect(first.isEmpty)
            let before = db.roundTrips
            let second = try Drift.plan(
                target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: try DriftTests.noCluster(), cacheDirectory: directory)
            #expect(second.isEmpty)
            #expect(db.roundTrips - before == 1, "only the stamp was read")
            try PlanHarness.asAdmin(url, "grant delete on public.brand to anon")
            let drift = try Drift.plan(
                target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: try DriftTests.noCluster(), cacheDirectory: directory)
            #expect(drift.changes.contains { $0.summary.contains("public.brand") }, "\(drift.changes.map(\.summary))")
        }
    }

    /// A hosted project's catalog differs from the throwaway database's where a plan does not look:
    /// `postgres`'s own default privileges in `public` name `postgres` among the grantees (every
    /// project made before 2026-10-30), so its fingerprint never equals the desired state's. The
    /// plan is empty all the same, and the next one of the unchanged database reads only the stamp
    /// and writes nothing; a grant, a comment and a policy changed by hand each still show.
    @Test func anEmptyPlanIsKnownAtItsStampWhereTheFingerprintsDiffer() throws {
        try withMiniDatabase(
            before: ["tables", "functions", "sequences"].map {
                "alter default privileges for role postgres in schema public grant all on \($0) to postgres, anon, authenticated, service_role"
            }.joined(separator: ";\n")
        ) { url, db, directory in
            // A first plan across which the stamp stayed still (see below), so that it stored this stamp.
            var settled: CatalogStamp?
            for _ in 0..<10 where settled == nil {
                let before = try db.catalogStamp()
                let first = try Drift.plan(
                    target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster, cacheDirectory: directory)
                #expect(first.isEmpty, "\(first.changes.map(\.summary))")
                let after = try db.catalogStamp()
                if before == after { settled = after }
            }
            let stamp = try #require(settled, "the cluster's catalogs never stayed still across a plan")
            // The case this is about: the target's fingerprint is not the desired state's.
            let known = try #require(KnownTargetCache(directory: directory).entry(at: stamp))
            let desired = DesiredCatalogCache(directory: directory).fingerprint(
                for: MiniSupabaseSchema.sql, defaultPrivileges: .legacyGrantAll)
            #expect(desired != nil && known.fingerprint != desired)

            let stampFile = try #require(
                try FileManager.default.contentsOfDirectory(atPath: directory).first { $0.hasPrefix("target-") })
            // Its content and its inode: a rewrite (atomic, through a new file) of the same text shows in the latter.
            func stored() throws -> (Data?, UInt64?) {
                let path = directory + "/" + stampFile
                let inode = (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value
                return (FileManager.default.contents(atPath: path), inode)
            }
            // The stamp covers the cluster's roles too, which tests running beside this one create and
            // drop: a plan is measured only across a window in which the stamp stayed the one the plan
            // before it left (else that plan rightly read in full, and the next one is measured).
            var measured = false
            var latest = stamp
            for _ in 0..<10 where !measured {
                let before = try stored()
                let unchangedBefore = try db.catalogStamp() == latest
                let trips = db.roundTrips
                let second = try Drift.plan(
                    target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: try DriftTests.noCluster(), cacheDirectory: directory)
                let spent = db.roundTrips - trips
                let after = try stored()
                let now = try db.catalogStamp()
                #expect(second.isEmpty)
                defer { latest = now }
                guard unchangedBefore, now == latest else { continue }
                measured = true
                #expect(spent == 1, "only the stamp was read")
                #expect(before.1 != nil && after.0 == before.0 && after.1 == before.1, "the stamp file was not rewritten")
            }
            #expect(measured, "the cluster's catalogs never stayed still across a plan")

            let changes = [
                ("revoke truncate on public.brand from anon", "public.brand"),
                ("comment on column public.listing.title is 'Changed in the dashboard.'", "public.listing.title"),
                ("alter policy \"signed in reads listings\" on public.listing using (price > 0)", "signed in reads listings"),
            ]
            for (count, (change, subject)) in changes.enumerated() {
                try PlanHarness.asAdmin(url, change)
                let drift = try Drift.plan(
                    target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: try DriftTests.noCluster(), cacheDirectory: directory)
                #expect(drift.changes.count == count + 1, "after \(change): \(drift.changes.map(\.summary))")
                #expect(drift.changes.contains { $0.summary.contains(subject) }, "after \(change): \(drift.changes.map(\.summary))")
            }
        }
    }

    /// Where the stamp cannot be read, a plan reads everything instead, and is still right.
    @Test func withoutAStampAPlanReadsEverything() throws {
        try withMiniDatabase { url, db, directory in
            try db.execute("begin")
            #expect(try db.catalogStampIfReadable() == nil, "a failing query would abort the caller's transaction")
            try db.execute("rollback")
            // A hardened database: one catalog the stamp reads is hidden from the connecting role.
            try PlanHarness.asAdmin(url, "revoke select on pg_catalog.pg_publication_namespace from public")
            #expect(try db.catalogStampIfReadable() == nil)
            for _ in 0..<2 {
                let before = db.roundTrips
                let plan = try Drift.plan(
                    target: db, desiredSQL: MiniSupabaseSchema.sql, scratch: TestDatabase.cluster, cacheDirectory: directory)
                #expect(plan.isEmpty)
                #expect(db.roundTrips - before > 2, "the catalog was read in full")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).allSatisfy { !$0.hasPrefix("target-") })
        }
    }

    /// Runs `body` with a database holding the mini schema (after `before`, run as the superuser),
    /// its URL, and an empty cache directory for plans of it; both are gone afterwards.
    private func withMiniDatabase(
        before: String = "", _ body: (_ url: String, _ db: Connection, _ cacheDirectory: String) throws -> Void
    ) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-stamp-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (url, db) = try TestDatabase.make()
        defer { db.close() }
        if !before.isEmpty { try PlanHarness.asAdmin(url, before) }
        try db.execute(MiniSupabaseSchema.sql)
        try body(url, db, directory)
    }

    /// The file cache answers only for the exact stamp it stored, one entry per database.
    @Test func theKnownTargetCacheAnswersOnlyForItsStamp() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-stamp-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = KnownTargetCache(directory: directory)
        let old = CatalogStamp(identity: "PostgreSQL 15\u{1F}postgres\u{1F}app", stamp: "a")
        let new = CatalogStamp(identity: old.identity, stamp: "b")
        #expect(cache.fingerprint(at: old) == nil)
        cache.remember("fingerprint-a", at: old)
        #expect(cache.fingerprint(at: old) == "fingerprint-a")
        #expect(cache.fingerprint(at: new) == nil)
        cache.remember("fingerprint-b", at: new)
        #expect(cache.fingerprint(at: old) == nil, "a database keeps one entry, its latest")
        #expect(cache.fingerprint(at: new) == "fingerprint-b")
        #expect(cache.fingerprint(at: CatalogStamp(identity: "other", stamp: "b")) == nil)
    }
}
