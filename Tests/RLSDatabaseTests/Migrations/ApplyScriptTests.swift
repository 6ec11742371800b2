import Testing

@testable import RLSDatabase

@Suite("The one-round-trip apply script")
struct ApplyScriptTests {
    private let files = [
        try! MigrationFixtures.file(1, "one", "-- first\ncreate table a (x int);\nselect 'café 🚲';"),
        try! MigrationFixtures.file(2, "two", "\n\nselect\n  nope;"),
    ]

    @Test("Statements are sent in order, each closed by a semicolon, then the history rows")
    func layout() {
        let script = ApplyScript(files: files)
        #expect(script.text.hasPrefix("create table a (x int);\nselect 'café 🚲';\nselect\n  nope;\nINSERT INTO supabase_migrations.schema_migrations"))
        #expect(script.text.contains("VALUES ('20260101000002', 'two', ARRAY['select\n  nope']::text[])"))
        #expect(script.text.contains("INSERT INTO supabase_migrations.rls_checksums (version, checksum) VALUES ('20260101000001', '\(files[0].checksum)')"))
    }

    @Test("A server position (characters into the whole script) maps to file and line")
    func locate() throws {
        let script = ApplyScript(files: files)
        let characters = Array(script.text.unicodeScalars)
        func position(of needle: String) -> Int {
            let target = Array(needle.unicodeScalars)
            let index = (0...(characters.count - target.count)).first { characters[$0..<($0 + target.count)].elementsEqual(target) }!
            return index + 1
        }
        let nope = try #require(script.locate(position: position(of: "nope")))
        #expect(nope.file == files[1])
        #expect(nope.line == 4)
        let cafe = try #require(script.locate(position: position(of: "🚲")))
        #expect(cafe.file == files[0])
        #expect(cafe.line == 3)
        let first = try #require(script.locate(position: 1))
        #expect(first.line == 2)
        #expect(script.locate(position: position(of: "INSERT INTO")) == nil)
        #expect(script.locate(position: characters.count + 10) == nil)
    }
}
