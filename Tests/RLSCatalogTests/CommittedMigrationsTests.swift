import ElectricRide
import Foundation
import RLSCatalog
import RLSDatabase
import RLSSQL
import RLSTestSupport
import Testing

/// The repository's own `Migrations/` must produce exactly the schema `Policies/` declares: otherwise
/// someone changed the DSL without running `rls diff NAME`, and `rls check` in CI would prove stale SQL.
@Suite("The committed migrations")
struct CommittedMigrationsTests {
    /// `Migrations/` at the repository root, found from this file's path.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Migrations").path

    @Test func replayingThemGivesExactlyTheSchema() throws {
        let files = try MigrationDirectory(path: Self.directory).files()
        try #require(!files.isEmpty, "Migrations/ holds no migration: run `rls diff initial`")
        let cluster = try TestDatabase.cluster
        let replayed = try ScratchDatabase.catalog(
            applying: files.map { SQLScript(name: $0.path, sql: $0.contents) }, in: cluster
        )
        let declared = try Drift.desiredCatalog(render(ElectricRide.schema), in: cluster)
        let difference = ChangePlan(from: replayed, to: declared)
        #expect(
            difference.isEmpty,
            "Migrations/ differ from Policies/; run `rls diff NAME`:\n\(difference.changes.map(\.summary).joined(separator: "\n"))")
        let matches = replayed.matches(declared)
        #expect(matches)
        #expect(replayed.tables.count == ElectricRide.schema.tables.count)
    }
}
