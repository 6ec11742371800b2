import Foundation
import RLSCatalog
import RLSDatabase
import RLSTestSupport
import Testing

/// `rls diff NAME`: migrations replayed on a throwaway database, compared with the desired SQL.
@Suite("diffMigrations")
struct DiffMigrationsTests {
    static let addIndex = "create index listing_brand_id_idx on public.listing (brand_id);"

    @Test func firstMigrationCreatesEverythingAndReplaysToTheDesiredState() throws {
        let cluster = try TestDatabase.cluster
        let sql = try #require(try diffMigrations(migrations: [], desiredSQL: MiniSupabaseSchema.sql, scratch: cluster))
        #expect(sql.contains("CREATE TABLE \"public\".\"saved\""))
        // Replaying the generated migration gives exactly the DSL's schema.
        let replayed = try ScratchDatabase.catalog(applying: [SQLScript(name: "initial.sql", sql: sql)], in: cluster)
        let desired = try PlanHarness.catalog(MiniSupabaseSchema.sql)
        #expect(replayed == desired)
        #expect(
            try diffMigrations(
                migrations: [SQLScript(name: "initial.sql", sql: sql)],
                desiredSQL: MiniSupabaseSchema.sql, scratch: cluster) == nil)
    }

    @Test func nextMigrationHoldsOnlyTheChange() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-diff-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try MiniSupabaseSchema.sql.write(toFile: directory + "/20261122000000_init.sql", atomically: true, encoding: .utf8)
        let sql = try diffMigrations(
            directory: directory, desiredSQL: MiniSupabaseSchema.sql + "\n" + Self.addIndex,
            scratch: TestDatabase.cluster)
        #expect(sql == "CREATE INDEX listing_brand_id_idx ON public.listing USING btree (brand_id);\n")
    }

    @Test func missingDirectoryMeansNoMigrations() throws {
        #expect(try Drift.migrationScripts(in: "/nonexistent/rls/Migrations").isEmpty)
    }

    @Test func failingMigrationIsNamed() throws {
        #expect {
            try diffMigrations(
                migrations: [SQLScript(name: "Migrations/1_bad.sql", sql: "create tabel x ();")],
                desiredSQL: "", scratch: TestDatabase.cluster)
        } throws: { error in
            (error as? DriftError)?.script == "Migrations/1_bad.sql"
        }
    }
}
