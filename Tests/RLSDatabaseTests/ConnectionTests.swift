import Testing
import RLSDatabase
import RLSTestSupport

@Suite struct SmokeTests {
    @Test func connects() throws {
        let (_, db) = try TestDatabase.make()
        let row = try #require(db.query("select current_user as who, $1::text as echo", ["hi"]).first)
        #expect(try row.string("who") == "postgres")
        #expect(try row.string("echo") == "hi")
    }
}
