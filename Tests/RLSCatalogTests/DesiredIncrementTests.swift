import ElectricRide
import Foundation
import RLSCatalog
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSDatabase

/// A desired state made from the cached one of the schema before an edit is exactly the one a whole
/// build makes, for edits of every kind a user makes; where it cannot be sure, the whole build runs.
@Suite struct DesiredIncrementTests {
    /// An edit of the example's rendering, as a user's edit of the DSL would change it.
    struct Edit: CustomTestStringConvertible, Sendable {
        let name: String
        let apply: @Sendable (String) -> String
        var testDescription: String { name }
    }

    static let example = render(ElectricRide.schema)

    /// `text` with `old` (which must occur exactly once) replaced by `new`.
    static func replacing(_ old: String, with new: String, in text: String) -> String {
        precondition(text.components(separatedBy: old).count == 2, "not exactly once: \(old)")
        return text.replacingOccurrences(of: old, with: new)
    }

    /// `text` without the sections whose banner title contains `title`.
    static func removingSections(titled title: String, from text: String) -> String {
        let rule = "-- " + String(repeating: "=", count: 76)
        let parts = text.components(separatedBy: rule + "\n-- ")
        let kept = parts.enumerated().filter { index, part in index == 0 || !part.prefix(while: { $0 != "\n" }).contains(title) }
        precondition(kept.count < parts.count, "no section titled \(title)")
        return kept.map(\.element).joined(separator: rule + "\n-- ")
    }

    static let review = """
        create table "public"."review" (
          "id" bigint generated always as identity (sequence name "public"."review_id_seq"),
          "listing_id" bigint not null,
          "author_id" uuid not null default auth.uid(),
          "body" text not null,
          constraint "review_pkey" primary key ("id"),
          constraint "review_listing_id_fkey" foreign key ("listing_id") references "public"."listing" ("id") on delete cascade
        );
        create index "review_listing_id_idx" on "public"."review" ("listing_id");
        alter table "public"."review" enable row level security;
        revoke all on table "public"."review" from "anon", "authenticated", "service_role";
        grant select, insert on table "public"."review" to "authenticated";
        create policy "insert_owner" on "public"."review" for insert to "authenticated" with check ("author_id" = (select auth.uid()));
        create policy "select_listing" on "public"."review" for select to "authenticated"
          using (exists (select 1 from "public"."listing" as l where l."id" = "listing_id"));

        """

    static let edits: [Edit] = [
        Edit(name: "a table added") { $0 + review },
        Edit(name: "a policy's condition changed") {
            replacing(
                "create policy \"select_public\" on \"public\".\"colour\"\n  as permissive\n  for select\n  to \"anon\", \"authenticated\"\n  using (true);",
                with:
                    "create policy \"select_public\" on \"public\".\"colour\"\n  as permissive\n  for select\n  to \"anon\", \"authenticated\"\n  using (id > 0);",
                in: $0)
        },
        Edit(name: "a policy dropped") {
            replacing(
                "create policy \"select_public\" on \"public\".\"brand\"\n  as permissive\n  for select\n  to \"anon\", \"authenticated\"\n  using (true);\n",
                with: "", in: $0)
        },
        Edit(name: "a column added to a table others reference and a view reads") {
            replacing(
                "create table \"public\".\"brand\" (\n  \"id\" bigint generated always as identity (sequence name \"public\".\"brand_id_seq\"),",
                with:
                    "create table \"public\".\"brand\" (\n  \"id\" bigint generated always as identity (sequence name \"public\".\"brand_id_seq\"),\n  \"country\" text,",
                in: $0)
        },
        Edit(name: "a view's query changed") {
            replacing(
                "coalesce(c.available_listings, 0) as available_listings\n",
                with: "coalesce(c.available_listings, 0) as available_listings, b.name is null as unnamed\n", in: $0)
        },
        Edit(name: "a function's body changed") {
            replacing(
                "m.\"role\"::text = any (\"current_user_dealership_ids\".roles))",
                with: "m.\"role\"::text = any (\"current_user_dealership_ids\".roles) or false)", in: $0)
        },
        Edit(name: "a function's comment changed") {
            replacing("(sign-up trigger).';", with: "(the sign-up trigger).';", in: $0)
        },
        Edit(name: "a bucket made private") {
            replacing("values ('avatars', 'avatars', true,", with: "values ('avatars', 'avatars', false,", in: $0)
        },
        Edit(name: "a table removed") { removingSections(titled: "public.saved", from: $0) },
        Edit(name: "an enum value added") {
            replacing("as enum ('available', 'sold')", with: "as enum ('available', 'reserved', 'sold')", in: $0)
        },
        Edit(name: "a grant widened") {
            replacing(
                "grant select on table \"public\".\"vehicle\" to \"authenticated\";",
                with: "grant select on table \"public\".\"vehicle\" to \"anon\", \"authenticated\";", in: $0)
        },
        Edit(name: "a table no longer published") {
            replacing("alter publication \"supabase_realtime\" add table \"public\".\"listing\";\n", with: "", in: $0)
        },
        Edit(name: "a revoke moved after a grant") {
            replacing(
                "revoke all on table \"public\".\"colour\" from \"anon\", \"authenticated\", \"service_role\";\ngrant select on table \"public\".\"colour\" to \"anon\", \"authenticated\";",
                with:
                    "grant select on table \"public\".\"colour\" to \"anon\", \"authenticated\";\nrevoke all on table \"public\".\"colour\" from \"anon\", \"authenticated\", \"service_role\";",
                in: $0)
        },
        Edit(name: "the sign-up trigger changed") {
            replacing("after insert on \"auth\".\"users\"", with: "after insert or update of \"email\" on \"auth\".\"users\"", in: $0)
        },
    ]

    /// A fresh cache directory holding the whole build of `sql`.
    static func cache(holding sql: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-increment-\(UUID())").path
        _ = try Drift.desiredCatalog(sql, in: TestDatabase.cluster, cacheDirectory: directory)
        return directory
    }

    /// The desired catalog of `edited` made by an increment from the cached whole build of `base`,
    /// after checking that an increment made it (not the whole build it is compared with) and that
    /// it equals the whole build; returns both.
    static func incrementAndWholeBuild(
        from base: String, to edited: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (incremental: Catalog, whole: Catalog) {
        let directory = try cache(holding: base)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let incremental = try Drift.desiredCatalog(edited, in: TestDatabase.cluster, cacheDirectory: directory)
        #expect(
            DesiredCatalogCache(directory: directory).fingerprint(for: edited, defaultPrivileges: .none)
                == DesiredCatalogCache.unknownFingerprint, sourceLocation: sourceLocation)
        let whole = try Drift.desiredCatalog(edited, in: TestDatabase.cluster).withoutStatementDependencies
        #expect(incremental == whole, sourceLocation: sourceLocation)
        return (incremental, whole)
    }

    @Test(arguments: edits) func anIncrementMatchesTheWholeBuild(_ edit: Edit) throws {
        let edited = edit.apply(Self.example)
        #expect(edited != Self.example)
        let (incremental, whole) = try Self.incrementAndWholeBuild(from: Self.example, to: edited)
        #expect(incremental.environment.buckets == whole.environment.buckets)
        let before = try Drift.desiredCatalog(Self.example, in: TestDatabase.cluster).withoutStatementDependencies
        #expect(whole != before || whole.environment.buckets != before.environment.buckets, "the edit changed nothing")
    }

    /// Objects carried as written (a domain) survive an increment that does not touch them, and one
    /// that changes them. (Before, every increment dropped them: plan then offered to drop the domain.)
    @Test func objectsCarriedAsWrittenSurviveAnIncrement() throws {
        let domain = "create domain \"public\".\"positive\" as integer check (value > 0);\n"
        let base = Self.example + domain
        let (incremental, _) = try Self.incrementAndWholeBuild(from: base, to: base + Self.review)
        #expect(incremental.asWritten.map(\.name.name) == ["positive"])
        let changed = Self.example + domain.replacingOccurrences(of: "value > 0", with: "value >= 0")
        let (afterChange, _) = try Self.incrementAndWholeBuild(from: base, to: changed)
        #expect(afterChange.asWritten.first?.definition.contains(">= 0") == true)
    }

    @Test func editsOneAfterAnotherStillMatchTheWholeBuild() throws {
        let directory = try Self.cache(holding: Self.example)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var sql = Self.example
        for edit in Self.edits.prefix(4) {
            sql = edit.apply(sql)
            _ = try Drift.desiredCatalog(sql, in: TestDatabase.cluster, cacheDirectory: directory)
        }
        let incremental = try Drift.desiredCatalog(sql, in: TestDatabase.cluster, cacheDirectory: directory)
        #expect(
            DesiredCatalogCache(directory: directory).fingerprint(for: sql, defaultPrivileges: .none)
                == DesiredCatalogCache.unknownFingerprint)
        #expect(incremental == (try Drift.desiredCatalog(sql, in: TestDatabase.cluster).withoutStatementDependencies))
    }

    /// A view of `select *` takes its columns from its table when it is created: a column added to
    /// the table changes the view, though the view's statement did not change.
    @Test func aViewOfEveryColumnFollowsItsTable() throws {
        let base = Self.example + "create view \"public\".\"every_brand\" as select * from \"public\".\"brand\";\n"
        let edited = Self.edits.first { $0.name.hasPrefix("a column added") }!.apply(base)
        let whole = try Self.incrementAndWholeBuild(from: base, to: edited).whole
        #expect(whole.views.first { $0.name.name == "every_brand" }?.query.contains("country") == true)
    }

    /// An adopter's names: spaces, capitals, a `;` in a policy's name. The view over the table
    /// follows a column added to it, and the policy naming the table in a string is rebuilt.
    @Test func oddNamesAreFollowedToo() throws {
        let odd = """
            create table "public"."Order Items" ("id" bigint primary key, "note" text);
            create view "public"."every item" as select * from "public"."Order Items";
            alter table "public"."Order Items" enable row level security;
            create policy "read; all" on "public"."Order Items" for select to "anon" using (true);
            create function "public"."item count"() returns bigint language sql stable as $$ select count(*) from "public"."Order Items" $$;

            """
        let base = Self.example + odd
        let edited = Self.replacing(#""note" text)"#, with: #""note" text, "Quantity" int)"#, in: base)
        let whole = try Self.incrementAndWholeBuild(from: base, to: edited).whole
        #expect(whole.views.first { $0.name.name == "every item" }?.query.contains("Quantity") == true)
    }

    /// Renaming a column the welcome view reads fails the whole build; the increment must not hide that.
    @Test func anEditTheWholeBuildRefusesIsStillRefused() throws {
        let directory = try Self.cache(holding: Self.example)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let broken = Self.replacing(
            "  \"name\" text not null,\n  constraint \"brand_pkey\" primary key (\"id\"),\n  constraint \"brand_name_key\" unique (\"name\")",
            with:
                "  \"title\" text not null,\n  constraint \"brand_pkey\" primary key (\"id\"),\n  constraint \"brand_name_key\" unique (\"title\")",
            in: Self.example)
        let error = #expect(throws: DriftError.self) {
            try Drift.desiredCatalog(broken, in: TestDatabase.cluster, cacheDirectory: directory)
        }
        #expect(error?.message.contains("name") == true, "\(String(describing: error))")
    }

    /// A statement the increment does not understand could touch anything: the whole build runs.
    @Test func aStatementNotUnderstoodBuildsEverything() throws {
        let directory = try Self.cache(holding: Self.example)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let edited = Self.example + "select set_config('rls.note', 'x', false);\n"
        _ = try Drift.desiredCatalog(edited, in: TestDatabase.cluster, cacheDirectory: directory)
        let fingerprint = DesiredCatalogCache(directory: directory).fingerprint(for: edited, defaultPrivileges: .none)
        #expect(fingerprint != nil && fingerprint != DesiredCatalogCache.unknownFingerprint)
    }

    /// A cached entry cut short (a full disk, a killed process from an older version) is not a base:
    /// the whole build runs, and its result is right.
    @Test func aDamagedCacheEntryBuildsEverything() throws {
        let directory = try Self.cache(holding: Self.example)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".json") {
            let path = (directory as NSString).appendingPathComponent(name)
            let data = try #require(FileManager.default.contents(atPath: path))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: path))
        }
        let edited = Self.edits[0].apply(Self.example)
        let catalog = try Drift.desiredCatalog(edited, in: TestDatabase.cluster, cacheDirectory: directory)
        let fingerprint = DesiredCatalogCache(directory: directory).fingerprint(for: edited, defaultPrivileges: .none)
        #expect(fingerprint != nil && fingerprint != DesiredCatalogCache.unknownFingerprint)
        #expect(catalog == (try Drift.desiredCatalog(edited, in: TestDatabase.cluster)))
    }

    /// Only comments changed (a banner's title): the cached catalog answers, without a cluster.
    @Test func changedCommentsNeedNoCluster() throws {
        let directory = try Self.cache(holding: Self.example)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let edited = Self.example.replacingOccurrences(of: "-- Table public.brand\n", with: "-- Table public.brand, renamed banner\n")
        #expect(edited != Self.example)
        let catalog = try Drift.desiredCatalog(edited, in: try DriftTests.noCluster(), cacheDirectory: directory)
        #expect(catalog == (try Drift.desiredCatalog(Self.example, in: try DriftTests.noCluster(), cacheDirectory: directory)))
        // The same statements make the same database: the fingerprint carries over, for the no-op plan.
        let cache = DesiredCatalogCache(directory: directory)
        let fingerprint = cache.fingerprint(for: edited, defaultPrivileges: .none)
        #expect(fingerprint != nil && fingerprint == cache.fingerprint(for: Self.example, defaultPrivileges: .none))
    }

    /// A plan that finds nothing to change teaches an increment's desired state its fingerprint: the
    /// next plan of that database takes the no-op path, without a cluster.
    @Test func aMatchingDatabaseTeachesTheFingerprint() throws {
        let directory = try Self.cache(holding: Self.example)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let edited = Self.edits[0].apply(Self.example)
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute(edited)
        let first = try Drift.plan(target: db, desiredSQL: edited, scratch: TestDatabase.cluster, cacheDirectory: directory)
        #expect(first.isEmpty, "\(first.sql)")
        let (_, fingerprint) = try db.introspectCatalogWithFingerprint()
        #expect(DesiredCatalogCache(directory: directory).fingerprint(for: edited, defaultPrivileges: .none) == fingerprint)
    }
}
