import ElectricRide
import Foundation
import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSSQL
import RLSTestSupport
import Testing

@testable import RLSDatabase

/// A first plan builds a large schema in two halves side by side; the halves joined are exactly the
/// catalog the whole build makes, and where they cannot be trusted the whole build runs.
@Suite struct DesiredSplitTests {
    /// `count` tables, each owned through `auth.users`, with its index, grants and policies, and
    /// every third one read by a policy of the next (which keeps the two together).
    static func tables(_ count: Int) -> String {
        (1...count).map { index in
            let reads = index % 3 == 2 ? " or exists (select 1 from \"public\".\"t\(index - 1)\" as o where o.\"id\" = \"id\")" : ""
            return """
                create table "public"."t\(index)" (
                  "id" bigint generated always as identity,
                  "owner_id" uuid not null default auth.uid() references "auth"."users" ("id") on delete cascade,
                  "title" text not null unique,
                  primary key ("id")
                );
                create index "t\(index)_owner_id_idx" on "public"."t\(index)" ("owner_id");
                alter table "public"."t\(index)" enable row level security;
                revoke all on table "public"."t\(index)" from "anon", "authenticated", "service_role";
                grant select, insert on table "public"."t\(index)" to "authenticated";
                create policy "select_owner" on "public"."t\(index)" for select to "authenticated"
                  using ("owner_id" = (select auth.uid())\(reads));
                comment on table "public"."t\(index)" is 'Table \(index).';

                """
        }.joined()
    }

    static let schemaStatements = """
        create schema "app";
        grant usage on schema "app" to "authenticated";
        alter default privileges in schema "app" revoke execute on functions from public;

        """

    private func statements(_ sql: String) -> [DesiredStatement] { DesiredStatement.split(sql) }

    @Test func independentTablesGoToBothSidesEachWithEverythingAttachedToIt() throws {
        let split = try #require(DesiredSplit(statements(Self.tables(8)), fewestStatements: 0))
        for index in 1...8 {
            let sides = [split.first, split.second].filter { $0.contains("\"public\".\"t\(index)\" (") }
            #expect(sides.count == 1, "t\(index) is created on exactly one side")
            let side = try #require(sides.first)
            #expect(side.contains("create policy \"select_owner\" on \"public\".\"t\(index)\""))
            #expect(side.contains("comment on table \"public\".\"t\(index)\""))
            #expect(side.contains("\"t\(index)_owner_id_idx\""))
        }
        #expect(!split.first.isEmpty && !split.second.isEmpty)
    }

    /// Each side runs the statements the rendering's split made, in its order, without splitting
    /// its script again; a statement made from a text alone (no place in a rendering) makes the
    /// sides split theirs.
    @Test func eachSideCarriesItsStatementsSplitAlready() throws {
        let split = try #require(DesiredSplit(statements(Self.tables(8)), fewestStatements: 0))
        for (index, sql) in [split.first, split.second].enumerated() {
            let script = split.script(index, named: "part")
            #expect(script.sql == sql)
            #expect(script.statements.map(\.text) == SQLStatement.split(sql).map(\.text))
        }
        let unsplit = try #require(
            DesiredSplit(SQLStatement.split(Self.tables(8)).map { DesiredStatement($0.text) }, fewestStatements: 0))
        #expect(unsplit.statements == nil)
        #expect(unsplit.script(1, named: "part").statements.map(\.text) == SQLStatement.split(unsplit.second).map(\.text))
    }

    @Test func aTableStaysWithTheTableItsPolicyReads() throws {
        let split = try #require(DesiredSplit(statements(Self.tables(9)), fewestStatements: 0))
        for reader in [2, 5, 8] {
            let side = [split.first, split.second].first { $0.contains("\"public\".\"t\(reader)\" (") }
            #expect(side?.contains("create table \"public\".\"t\(reader - 1)\" (") == true)
        }
    }

    @Test func schemaStatementsRunOnBothSidesInTheirPlace() throws {
        let split = try #require(DesiredSplit(statements(Self.schemaStatements + Self.tables(6)), fewestStatements: 0))
        for side in [split.first, split.second] {
            #expect(side.hasPrefix("create schema \"app\";\ngrant usage on schema \"app\" to \"authenticated\";\nalter default privileges"))
        }
    }

    @Test func aStatementNotUnderstoodThatMentionsATableMeansNoSplit() {
        let sql = Self.tables(6) + "do $$ begin perform count(*) from \"public\".\"t3\"; end $$;\n"
        #expect(DesiredSplit(statements(sql), fewestStatements: 0) == nil)
    }

    @Test func aSmallSchemaOrALopsidedOneIsBuiltWhole() {
        #expect(DesiredSplit(statements(Self.tables(6))) == nil, "below the fewest statements worth a second database")
        // One piece of eight tables (each reads the one before) and one lone table.
        let chained = (2...8).map {
            "create policy \"p\" on \"public\".\"t\($0)\" using (exists (select 1 from \"public\".\"t\($0 - 1)\"));\n"
        }
        #expect(DesiredSplit(statements(Self.tables(9) + chained.joined()), fewestStatements: 0) == nil)
    }

    // MARK: against PostgreSQL

    private func whole(_ sql: String) throws -> Catalog {
        try ScratchDatabase.catalog(applying: [SQLScript(name: "whole", sql: sql)], in: TestDatabase.cluster)
    }

    private func inHalves(_ sql: String) throws -> (catalog: Catalog, fingerprint: String) {
        let built = try DesiredBuild.catalog(
            of: SQLScript(name: "split", sql: sql), in: TestDatabase.cluster, defaultPrivileges: .none, fewestStatements: 0)
        #expect(built.statements.map(\.text) == DesiredStatement.split(sql).map(\.text), "the statements it split the script into")
        #expect(built.parts.isEmpty, "nothing encoded for a cache not asked for")
        return (built.catalog, built.fingerprint)
    }

    /// A cache entry stores the halves as they were built, each encoded on its own thread, and
    /// reads back the catalog they join into; parts that do not join are no entry.
    @Test func anEntryStoresTheHalvesAndReadsBackTheirUnion() throws {
        let sql = Self.schemaStatements + Self.tables(12)
        let built = try DesiredBuild.catalog(
            of: SQLScript(name: "split", sql: sql), in: TestDatabase.cluster, defaultPrivileges: .none, fewestStatements: 0, forCache: true)
        #expect(built.parts.count == 2)
        let data = try DesiredCatalogCache.Entry.encoded(key: "k", statements: ["s1", "s2"], parts: built.parts)
        let entry = try JSONDecoder().decode(DesiredCatalogCache.Entry.self, from: data)
        #expect(entry.key == "k" && entry.statements == ["s1", "s2"])
        #expect(entry.catalog == built.catalog.withoutStatementDependencies)
        #expect(ChangePlan(from: try whole(sql), to: entry.catalog).isEmpty)
        let clash = try DesiredBuild.catalog(
            of: SQLScript(name: "other", sql: sql.replacingOccurrences(of: "owner_id", with: "author_id")), in: TestDatabase.cluster,
            defaultPrivileges: .none, fewestStatements: 0, forCache: true)
        let last = built.parts[0].catalog.tables.last?.name
        let parts = [built.parts[0], clash.parts.first { part in part.catalog.tables.contains { $0.name == last } }!]
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                DesiredCatalogCache.Entry.self, from: DesiredCatalogCache.Entry.encoded(key: "k", statements: [], parts: parts))
        }
    }

    /// A half commits a few hundred statements at a time (``DesiredBuild/statementsPerCommit``): the
    /// same catalog as one transaction, and a failure in a later group still names its line.
    @Test func aHalfCommittedAsItGoesIsTheSameAndNamesAFailure() throws {
        let sql = Self.schemaStatements + Self.tables(6)
        let script = SQLScript(name: "half.sql", sql: sql)
        let other = SQLScript(name: "other.sql", sql: "create table public.lone (id int);\n")
        let committed = try ScratchDatabase.catalogs(
            ofEach: script, other, in: TestDatabase.cluster, defaultPrivileges: .none, committingEvery: 4)
        let whole = try ScratchDatabase.catalogs(ofEach: script, other, in: TestDatabase.cluster, defaultPrivileges: .none)
        #expect(committed.first == whole.first && committed.second == whole.second)
        #expect(committed.first.policies.count == whole.first.policies.count && !whole.first.policies.isEmpty)
        let lines = sql.split(separator: "\n", omittingEmptySubsequences: false).count
        let failing = SQLScript(name: "half.sql", sql: sql + "select nope from public.t6;\n")
        let error = try #require(throws: DriftError.self) {
            try ScratchDatabase.catalogs(ofEach: failing, other, in: TestDatabase.cluster, defaultPrivileges: .none, committingEvery: 4)
        }
        #expect(error.message.contains("half.sql failed on a throwaway database at line \(lines)"), "\(error.message)")
    }

    @Test func halvesJoinedAreTheWholeBuild() throws {
        let sql = Self.schemaStatements + Self.tables(12)
        let halves = try inHalves(sql)
        #expect(halves.fingerprint == DesiredCatalogCache.unknownFingerprint, "built in halves")
        let whole = try whole(sql)
        #expect(halves.catalog == whole)
        #expect(ChangePlan(from: whole, to: halves.catalog).isEmpty)
        #expect(halves.catalog.tables.count == whole.tables.count && whole.tables.count >= 12)
    }

    @Test func theExampleBuiltInHalvesIsTheWholeBuild() throws {
        let sql = render(ElectricRide.schema)
        let halves = try inHalves(sql)
        #expect(halves.catalog == (try whole(sql)))
    }

    /// A table named `t4_title_key`, then `t4` whose unique constraint (an index) the server names: the
    /// whole build calls it `t4_title_key1`, the half without the table `t4_title_key`, so the halves
    /// are not used. (Before, a constraint's index was not counted among the names, and the halves
    /// were joined with the wrong name.)
    @Test func aNameTheServerWouldHaveChosenOtherwiseBuildsTheWhole() throws {
        let sql = "create table \"public\".\"t4_title_key\" (\"id\" int primary key);\n" + Self.tables(6)
        let split = try #require(DesiredSplit(statements(sql), fewestStatements: 0))
        #expect(
            [split.first, split.second].allSatisfy { !($0.contains("\"public\".\"t4\" (") && $0.contains("\"t4_title_key\" (")) },
            "the test needs the two on different sides")
        let built = try inHalves(sql)
        #expect(built.fingerprint != DesiredCatalogCache.unknownFingerprint, "built whole")
        let whole = try whole(sql)
        #expect(built.catalog == whole)
        #expect(whole.table(QualifiedName(schema: "public", name: "t4"))?.constraints.contains { $0.name == "t4_title_key1" } == true)
    }

    /// A half that fails (here: a view naming its table in a Unicode escape, which the statement's
    /// words do not read) sends the build to the whole schema, whose result or error is the user's.
    @Test func aHalfThatFailsBuildsTheWhole() throws {
        let sql = Self.tables(6) + "create view \"public\".\"v\" as select \"id\" from \"public\".U&\"t\\0034\";\n"
        let split = try #require(DesiredSplit(statements(sql), fewestStatements: 0))
        #expect(
            [split.first, split.second].allSatisfy { !($0.contains("\"public\".\"t4\" (") && $0.contains("create view")) },
            "the test needs the view away from its table")
        let built = try inHalves(sql)
        #expect(built.fingerprint != DesiredCatalogCache.unknownFingerprint, "built whole")
        #expect(built.catalog == (try whole(sql)))
        #expect(built.catalog.views.map(\.name.name) == ["v"])
    }
}

/// A first plan starts building before the target is read in full, for the default privileges one
/// small query reads: that query must say what the full read says, on a new project and an old one
/// (else every first plan builds twice).
@Suite struct PublicTableDefaultsTests {
    @Test(arguments: DefaultPrivileges.allCases)
    func theEarlyReadAgreesWithTheFullRead(_ defaults: DefaultPrivileges) throws {
        let (_, db) = try TestDatabase.make(defaults)
        defer { db.close() }
        let early = try db.publicTableDefaults()
        #expect(early == defaults)
        #expect(early == (try db.introspectCatalog().publicTableDefaults))
    }
}
