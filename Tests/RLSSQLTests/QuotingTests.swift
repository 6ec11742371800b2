import RLSSQL
import Testing

@Suite struct QuotingTests {
    @Test(arguments: [
        ("saved", "\"saved\""),
        ("Mixed Case", "\"Mixed Case\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("select", "\"select\""),
        ("", "\"\""),
        ("über", "\"über\""),
    ])
    func identifiersAreAlwaysQuoted(_ name: String, _ expected: String) {
        #expect(quoteIdentifier(name) == expected)
    }

    @Test func quoteFollowedByCombiningMarkIsStillDoubled() {
        // One Swift Character, but Postgres sees a double quote then U+0301.
        let name = "a\"\u{301}b"
        #expect(quoteIdentifier(name) == "\"a\"\"\u{301}b\"")
        #expect(quoteLiteral("a'\u{301}") == "'a''\u{301}'")
    }

    @Test(arguments: [
        ("plain", "'plain'"),
        ("it's", "'it''s'"),
        ("line\nbreak", "'line\nbreak'"),
        ("back\\slash", "E'back\\\\slash'"),
        ("both ' and \\", "E'both '' and \\\\'"),
        ("", "''"),
    ])
    func literalsAreQuoted(_ value: String, _ expected: String) {
        #expect(quoteLiteral(value) == expected)
    }

    @Test func qualifiedNamesQuoteBothParts() {
        #expect(qualifiedName(schema: "auth", name: "users") == "\"auth\".\"users\"")
        #expect(qualifiedName(schema: "my schema", name: "a\"b") == "\"my schema\".\"a\"\"b\"")
    }
}
