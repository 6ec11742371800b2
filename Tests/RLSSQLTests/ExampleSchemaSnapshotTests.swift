import ElectricRide
import RLSModel
import RLSSQL
import Testing

@Suite struct ExampleSchemaSnapshotTests {
    @Test func exampleSchemaIsValid() {
        #expect(ElectricRide.schema.validationErrors().map(\.description) == [])
    }

    @Test func exampleSchemaMatchesSnapshot() throws {
        try Snapshot.expectMatches(render(ElectricRide.schema), named: "electric_ride")
    }

    @Test func renderingIsDeterministic() {
        #expect(render(ElectricRide.schema) == render(ElectricRide.schema))
    }
}
