import ElectricRide
import RLSCheck
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Views are probed: each persona reads each view, only the declared readers may.
@Suite struct ViewProbeTests {
    @Test func theWelcomeViewIsReadByItsReaders() throws {
        let (_, db) = try ExampleDatabase.make()
        let report = try ExampleDatabase.check(db)
        let view = report.scenarios.first { $0.scenario.name.hasPrefix("view public.welcome_brand_counts") }
        #expect(view?.passed == true)
        #expect(view?.steps.count == 4)
    }

    @Test func aViewGrantedToAnonByHandFailsTheCheck() throws {
        let schema = Schema {
            Table("note") {
                Column("id", .bigint).identity().primaryKey()
                Column("body", .text)
            }
            .access(read: .authenticated, write: .noAccess)
            View("note_count", readableBy: [.authenticated], query: SQL(raw: "select count(*) as n from public.note"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        // The view runs as its caller, so anon also needs the table (legacy grant-all projects have it).
        try db.execute("grant select on public.note_count, public.note to anon")
        let report = try AccessCheck.run(schema, on: db)
        let text = MatrixReport(report).text
        #expect(!report.passed)
        #expect(text.contains("✗ as anon: select count(*) from \"public\".\"note_count\""), "\(text)")
    }
}
