import Foundation
import RLSDatabase
import RLSTestSupport
import Testing

@Suite("Parameters travel as values, never spliced")
struct ParameterTests {
    @Test(arguments: [
        "", "it's", "\"double\"", #"back\slash \\ \n"#, "ünïcødé 🚲 漢字", "'; drop table x; --", "$1", "line\nbreak\ttab",
    ])
    func textRoundTrip(_ value: String) throws {
        let (_, db) = try TestDatabase.make()
        let row = try #require(db.query("select $1::text as value, length($1::text) as length", [value]).first)
        #expect(try row.string("value") == value)
        #expect(try row.int("length") == value.count)
    }

    @Test func nullRoundTrip() throws {
        let (_, db) = try TestDatabase.make()
        let row = try #require(db.query("select $1::text as value, $1::text is null as isnull", [nil]).first)
        #expect(row["value"] == nil)
        #expect(try row.bool("isnull"))
    }

    @Test func oneMegabyteRoundTrip() throws {
        let (_, db) = try TestDatabase.make()
        let value = String(repeating: "0123456789abcdé'\\", count: 1_048_576 / 18 + 1)
        let row = try #require(db.query("select $1::text as value, md5($1::text) as digest", [value]).first)
        #expect(try row.string("value") == value)
        #expect(try row.string("value").utf8.count > 1_000_000)
    }

    @Test func typedParameters() throws {
        let (_, db) = try TestDatabase.make()
        let id = UUID()
        let row = try #require(
            db.query(
                "select $1::int + 1 as n, $2::bigint as big, $3::bool as flag, $4::float8 as x, $5::uuid as id",
                [41, Int64.max, true, 2.5, id]
            ).first)
        #expect(try row.int("n") == 42)
        #expect(row["big"] == String(Int64.max))
        #expect(try row.bool("flag"))
        #expect(row["x"] == "2.5")
        #expect(row["id"] == id.uuidString.lowercased())
    }

    @Test func stringArrays() throws {
        let (_, db) = try TestDatabase.make()
        let row = try #require(
            db.query(
                "select array['anon', 'has space', 'quo\"te', 'back\\slash', 'NULL', '', 'a,b']::text[] as roles, '{}'::text[] as empty, null::text[] as missing"
            ).first)
        #expect(try row.stringArray("roles") == ["anon", "has space", "quo\"te", "back\\slash", "NULL", "", "a,b"])
        #expect(try row.stringArray("empty") == [])
        #expect(try row.optionalStringArray("missing") == nil)
        #expect(throws: DatabaseError.self) { try row.stringArray("missing") }
    }

    @Test func affectedRowsAndColumns() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table t (id int); insert into t select generate_series(1, 5);")
        #expect(try db.query("update t set id = id + 1 where id > $1", [2]).affectedRows == 3)
        let result = try db.query("select id, id * 2 as double from t order by id")
        #expect(result.columns == ["id", "double"])
        #expect(result.rows.count == 5)
    }

    @Test func roundTripsAreCounted() throws {
        let (_, db) = try TestDatabase.make()
        let before = db.roundTrips
        try db.execute("select 1; select 2; select 3")
        try db.query("select 1")
        #expect(db.roundTrips == before + 2)
    }

    @Test func noticesAreCollected() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("do $$ begin raise notice 'hello %', 42; end $$; drop table if exists nothing_here;")
        #expect(db.notices.map(\.message) == ["hello 42", "table \"nothing_here\" does not exist, skipping"])
        #expect(db.notices.first?.severity == "NOTICE")
        db.clearNotices()
        #expect(db.notices.isEmpty)
    }
}
