import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// Names and literals written through the DSL come back from the catalog unchanged.
@Suite struct QuotingRoundTripTests {
    static let identifiers = [
        "say \"hi\"", "with space", "MixedCase", "ünïcødé 表", "select", "user", "\"", "a.b",
        String(repeating: "x", count: 63),
        String(repeating: "é", count: 31) + "x",  // 63 bytes, 32 characters
    ]

    static let literals = ["it's", "back\\slash", "line\nbreak\ttab", "both ' and \\ and \"", "''", "\\'", "ünïcødé"]

    @Test func identifiersRoundTripThroughTheCatalog() throws {
        let names = Self.identifiers
        let schema = Schema {
            SchemaUsage("Odd Schema", by: .anon, .authenticated, .serviceRole)
            for (index, name) in names.enumerated() {
                Table(name, schema: index.isMultiple(of: 2) ? "public" : "Odd Schema") {
                    Column(name, .text)
                    Column("id", .integer).primaryKey(name: "pk \(index)")
                }
                .access(read: .public, write: .noAccess)
            }
        }
        #expect(schema.validationErrors().isEmpty)
        let (_, db) = try TestDatabase.make()
        try db.apply(render(schema))
        for (index, name) in names.enumerated() {
            let rows = try db.query(
                """
                select n.nspname, c.relname, a.attname
                from pg_class c join pg_namespace n on n.oid = c.relnamespace
                join pg_attribute a on a.attrelid = c.oid and a.attnum = 1
                where c.relname = $1 and c.relkind = 'r'
                """, [name]
            ).rows
            let row = try #require(rows.first, "table \(name) not found")
            #expect(try row.string("relname") == name)
            #expect(try row.string("attname") == name)
            #expect(try row.string("nspname") == (index.isMultiple(of: 2) ? "public" : "Odd Schema"))
        }
    }

    @Test func literalsRoundTripAsCommentsAndDefaults() throws {
        let literals = Self.literals
        let schema = Schema {
            Table("literal") {
                Column("id", .integer).primaryKey()
                for (index, value) in literals.enumerated() {
                    Column("c\(index)", .text).default(.string(value)).comment(value)
                }
            }
            .comment(literals.joined(separator: "|"))
        }
        let (_, db) = try TestDatabase.make()
        try db.apply(render(schema))
        try db.execute("insert into public.literal (id) values (1)")
        let row = try #require(try db.query("select * from public.literal").first)
        for (index, value) in literals.enumerated() {
            #expect(try row.string("c\(index)") == value)
            let comment = try db.query(
                "select col_description('public.literal'::regclass, $1::int) as comment", [index + 2]
            ).first
            #expect(try comment?.string("comment") == value)
        }
        let table = try db.query("select obj_description('public.literal'::regclass, 'pg_class') as comment").first
        #expect(try table?.string("comment") == literals.joined(separator: "|"))
    }

    @Test func literalsSurviveWithStandardConformingStringsOff() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("set standard_conforming_strings = off")
        for value in Self.literals {
            let row = try #require(try db.query("select \(quoteLiteral(value)) as value").first)
            #expect(try row.string("value") == value)
        }
    }
}
