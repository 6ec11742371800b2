import RLSDatabase
import RLSTestSupport
import Testing

/// `[String]` parameters are sent as `text[]` literals that PostgreSQL reads back element for element.
@Suite("Text arrays travel as values, every element quoted")
struct ArrayParameterTests {
    static let awkward: [[String]] = [
        [],
        [""],
        ["NULL", "null", "Null"],
        [#"odd"name\x"#, #"\""#, #"\\"#, "\"", "\\"],
        ["a,b", "{braces}", "}", "{", " spaced ", "tab\tand\nnewline", "it's"],
        ["ünïcødé 🚲 漢字", "\"\u{301}", "\u{301}", "e\u{301}"],
        ["public", "auth", "public"],
    ]

    @Test(arguments: awkward)
    func roundTrip(_ elements: [String]) throws {
        let (_, db) = try TestDatabase.make()
        // Unnested on the server, so the check does not lean on this package's own array parser.
        let unnested = try db.query(
            "select element from unnest($1::text[]) with ordinality as e(element, position) order by position", [elements]
        ).rows.map { try $0.string("element") }
        #expect(unnested == elements)
        let row = try #require(db.query("select $1::text[] as value, cardinality($1::text[]) as count", [elements]).first)
        #expect(try row.int("count") == elements.count)
        #expect(try row.stringArray("value") == elements)
    }

    @Test func nullLikeTextIsNotNull() throws {
        let (_, db) = try TestDatabase.make()
        let row = try #require(db.query("select array_position($1::text[], null) is null as none", [["NULL", "null"]]).first)
        #expect(try row.bool("none"))
    }

    @Test func encodingQuotesEveryElementAndEscapesQuoteAndBackslash() {
        #expect([String]().sqlText == "{}")
        #expect(["public", #"odd"name\x"#, "NULL", ""].sqlText == #"{"public","odd\"name\\x","NULL",""}"#)
    }

    @Test func twoArraysZipIntoPairs() throws {
        let (_, db) = try TestDatabase.make()
        let pairs = try db.query(
            "select s, n from unnest($1::text[], $2::text[]) as t(s, n)", [["a.b", "a"], ["c", "b.c"]]
        ).rows.map { "\(try $0.string("s"))|\(try $0.string("n"))" }
        #expect(pairs == ["a.b|c", "a|b.c"])
    }

    /// ``SQLArray`` sends NULL elements as NULL (not the text `NULL`) and numbers as their digits.
    @Test func sqlArrayKeepsNullsAndNumbers() throws {
        let (_, db) = try TestDatabase.make()
        let row = try #require(
            db.query(
                """
                select array_to_string(array(select coalesce(e, '<null>') from unnest($1::text[]) as e), '|') as texts,
                       array_to_string(array(select coalesce(n::text, '<null>') from unnest($2::integer[]) as n), '|') as numbers
                """, [SQLArray(["NULL", nil, #"a"b\c"#, ""]), SQLArray([1, nil, -3])]
            ).first)
        #expect(try row.string("texts") == #"NULL|<null>|a"b\c|"#)
        #expect(try row.string("numbers") == "1|<null>|-3")
    }
}
