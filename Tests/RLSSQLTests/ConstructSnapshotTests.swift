import RLSModel
import RLSSQL
import Testing

@Suite struct ConstructSnapshotTests {
    @Test(arguments: Constructs.all.map(\.name))
    func constructIsValid(_ name: String) {
        let schema = Constructs.all.first { $0.name == name }!.schema
        #expect(schema.validationErrors().map(\.description) == [])
    }

    @Test(arguments: Constructs.all.map(\.name))
    func constructMatchesSnapshot(_ name: String) throws {
        let schema = Constructs.all.first { $0.name == name }!.schema
        try Snapshot.expectMatches(render(schema), named: name)
    }
}
