import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// A fake user's `raw_user_meta_data` is JSON written from an `Encodable` value and quoted as a SQL
/// literal by the one quoting function: whatever a name holds reaches the database as it was.
@Suite struct SignUpMetadataTests {
    static let names = [
        "O'Brien \"the Bold\"",
        #"back\slash \\ and \n written out"#,
        "two\nlines\r\nand\ta tab",
        "Zoë Ångström 李小龙 🚲 e\u{301}",
        "separators \u{2028} \u{2029} and \u{1F} a control",
        "'); drop table auth.users; --",
        "{\"full_name\":\"nested\"}",
    ]

    @Test("Quotes, backslashes, newlines and unicode in the full name survive to auth.users exactly", arguments: names)
    func fullNameSurvives(_ name: String) throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        let id = "5e000000-0000-4000-8000-000000000001"
        try db.signUp(id, email: "odd@example.org", name: name)
        let stored = try db.query("select raw_user_meta_data ->> 'full_name' as name from auth.users where id = $1::uuid", [id])
        #expect(try stored.first?.string("name") == name)
        let keys = try db.query("select string_agg(key, ',') as keys from auth.users, jsonb_object_keys(raw_user_meta_data) key")
        #expect(try keys.first?.string("keys") == "full_name")
    }
}
