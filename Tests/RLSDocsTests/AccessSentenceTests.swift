import RLSDocs
import RLSModel
import Testing

@Suite("Plain sentences per table")
struct AccessSentenceTests {
    func sentences(_ table: String) -> [String] {
        let table = Example.table(table)
        return Example.matrix.sentences(for: table, writtenByRoutines: !Example.schema.writers(of: table).isEmpty).map(\.text)
    }

    @Test func savedSaysOnlyTheOwnerAndNobodyForSomeoneElse() {
        #expect(
            sentences("saved") == [
                "Only the signed-in user whose id is the row's `profile_id` can see, add, change or remove a row;"
                    + " nobody can add a row for someone else or change one to belong to someone else.",
                "The service role (the backend's secret key) can see, add, change and remove every row; it bypasses row-level security.",
            ])
    }

    @Test func publicReferenceDataIsReadableByAnyoneAndWrittenByTheBackend() {
        #expect(
            sentences("colour") == [
                "Anyone, signed in or not, can see every row.",
                "Only the service role (the backend) can add, change or remove rows; the app's users cannot.",
                "The service role (the backend's secret key) can see, add, change and remove every row; it bypasses row-level security.",
            ])
    }

    @Test func countsAreWrittenOnlyByTheirTrigger() {
        let text = sentences("brand_listing_count")
        #expect(text.contains("Nobody can add, change or remove rows through the API. The functions and triggers below still write to it."))
        #expect(text.contains("The service role cannot add, change or remove rows: it has no privilege to."))
    }

    @Test func functionsThatWriteATableAreFound() {
        let profileWriters = Example.schema.writers(of: Example.table("profiles")).map(\.function.qualifiedName.description)
        #expect(profileWriters == ["public.create_profile_for_new_user"])
        let countWriters = Example.schema.writers(of: Example.table("brand_listing_count"))
        #expect(countWriters.map(\.function.name) == ["count_listing_changes", "count_vehicle_brand_moves"])
        #expect(countWriters.map(\.triggers.count) == [4, 1])
        // The counting function reads brand, vehicle and listing but writes none of them.
        for name in ["brand", "vehicle", "listing", "saved"] {
            #expect(Example.schema.writers(of: Example.table(name)).isEmpty, "\(name) has no writer")
        }
        #expect(
            Example.schema.triggers(on: Example.table("listing")).map(\.name) == [
                "listing_count_inserted", "listing_count_updated", "listing_count_deleted", "listing_count_truncated",
            ])
    }
}
