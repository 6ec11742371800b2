import Policies
import RLSCheck
import RLSModel
import Testing

@Suite struct ExampleCheckTests {
    @Test func exampleSchemaPasses() throws {
        let (_, db) = try ExampleDatabase.make()
        let report = try ExampleDatabase.check(db)
        print(MatrixReport(report).text)
        #expect(report.mismatches.isEmpty, "\(MatrixReport(report).text)")
        #expect(report.unverified.isEmpty)
    }
}
