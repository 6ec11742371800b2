import Foundation
import RLSCatalog
import RLSDatabase
import RLSModel
import RLSPull
import RLSSQL
import RLSTestSupport
import Testing

/// `rls pull` on brownfield databases: the Swift describes the database exactly (no drift), the
/// baseline recreates it exactly, rows survive, and a tightening edit becomes a migration that
/// closes the gap on the original database.
@Suite("Pull round trip")
struct PullRoundTripTests {
    static let snapshots = SnapshotFolder(besideFile: #filePath)

    struct Fixture: Sendable, CustomStringConvertible {
        var name: String
        var sql: String
        var privileges: DefaultPrivileges
        var description: String { name }
    }

    static let fixtures = [
        Fixture(name: "Dashboard", sql: BrownfieldDatabases.dashboard, privileges: .legacyGrantAll),
        Fixture(name: "CLIProject", sql: BrownfieldDatabases.cli, privileges: .none),
        Fixture(name: "OddNames", sql: BrownfieldDatabases.oddNames, privileges: .legacyGrantAll),
    ]

    @Test(arguments: fixtures)
    func pulledSwiftDescribesTheDatabaseExactly(_ fixture: Fixture) throws {
        let (_, db) = try TestDatabase.make(fixture.privileges)
        defer { db.close() }
        try db.execute(fixture.sql)
        let pull = try Pull(connection: db, name: fixture.name, origin: "a test database")
        let source = pull.sources.files.sorted { $0.key < $1.key }.map { "// ==== \($0.key)\n\($0.value)" }.joined(separator: "\n")
        try Self.snapshots.expectMatches(source, file: "\(fixture.name).swift.txt")
        try Self.snapshots.expectMatches(pull.baselineSQL, file: "\(fixture.name)_baseline.sql")

        // The DSL values the Swift spells: rendered, they make exactly the database (no drift).
        let desiredSQL = try renderValidated(pull.pulled.schema)
        // scripts/pull-compile-check compiles the Swift above and compares its rendering with this.
        try Self.snapshots.expectMatches(desiredSQL, file: "\(fixture.name)_schema.sql")
        let drift = try Drift.plan(target: db, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(drift.isEmpty, "drift after pull:\n\(drift.sql)")
    }

    @Test(arguments: fixtures)
    func baselineRecreatesTheSameCatalog(_ fixture: Fixture) throws {
        let (_, original) = try TestDatabase.make(fixture.privileges)
        defer { original.close() }
        try original.execute(fixture.sql)
        let pull = try Pull(connection: original, name: fixture.name, origin: "a test database")
        let (_, replayed) = try TestDatabase.make(fixture.privileges)
        defer { replayed.close() }
        try replayed.execute("BEGIN;\n" + pull.baselineSQL + "\nCOMMIT;")
        let copy = try replayed.introspectCatalog()
        #expect(ChangePlan(from: copy, to: pull.catalog).isEmpty, "\(ChangePlan(from: copy, to: pull.catalog).sql)")
        #expect(copy.tables == pull.catalog.tables)
        #expect(copy.grants == pull.catalog.grants)
        #expect(copy.policies == pull.catalog.policies)
        #expect(copy.functions == pull.catalog.functions)
        #expect(copy.triggers == pull.catalog.triggers)
        #expect(copy.views == pull.catalog.views)
    }

    /// Replacing the dashboard's policies with access plans and switching RLS on gives a migration
    /// that, applied to the original database after its baseline, closes the gap and keeps every row.
    @Test func tighteningEditClosesTheGapAndKeepsRows() throws {
        let (_, db) = try TestDatabase.make(.legacyGrantAll)
        defer { db.close() }
        try db.execute(BrownfieldDatabases.dashboard)
        let pull = try Pull(connection: db, name: "Dashboard", origin: "a test database")
        let rowsBefore = try rowCounts(db)

        var tightened = pull.pulled.schema
        for index in tightened.tables.indices {
            switch tightened.tables[index].name {
            case "todos":
                tightened.tables[index].policies = []
                tightened.tables[index].overrides = TableOverrides()
                tightened.tables[index] = tightened.tables[index].access(.owner(column: "user_id"))
            case "countries":
                tightened.tables[index].overrides = TableOverrides()
                tightened.tables[index] = tightened.tables[index].access(read: .public, write: .serviceRoleOnly)
            default: break
            }
        }
        let desiredSQL = try renderValidated(tightened)
        let baseline = SQLScript(name: "baseline", sql: pull.baselineSQL)
        let plan = try Drift.migrationPlan(
            migrations: [baseline], desiredSQL: desiredSQL, scratch: TestDatabase.cluster,
            defaultPrivileges: .legacyGrantAll)
        #expect(plan.changes.contains { $0.summary.contains("countries") })
        try db.execute("BEGIN;\n" + plan.sql + "\nCOMMIT;")

        let after = try Drift.plan(target: db, desiredSQL: desiredSQL, scratch: TestDatabase.cluster)
        #expect(after.isEmpty, "still differs:\n\(after.sql)")
        #expect(try rowCounts(db) == rowsBefore)
        let catalog = try db.introspectCatalog()
        #expect(catalog.table(QualifiedName(schema: "public", name: "countries"))?.rowSecurity == true)
        #expect(!catalog.grants.contains { $0.object.name == "todos" && $0.grantee == .anon })
    }

    private func rowCounts(_ db: Connection) throws -> [String] {
        try db.query(
            """
            select (select count(*) from public.todos) || ' todos, ' || (select count(*) from public.line_item)
              || ' line items, ' || (select count(*) from public.countries) || ' countries, '
              || (select count(*) from public.profiles) || ' profiles' as counts
            """
        ).rows.map { try $0.string("counts") }
    }
}
