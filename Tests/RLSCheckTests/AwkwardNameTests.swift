import RLSCheck
import RLSModel
import Testing

/// Table names that need quoting everywhere: in the rendered SQL, the catalog look-ups and the probes.
@Suite struct AwkwardNameTests {
    static let name = #"odd"name\x"#

    static let schema = Schema {
        Table(name) {
            Column("id", .bigint).identity().primaryKey()
            Column("author_id", .uuid).default(.currentUserID).references(.authUsers, onDelete: .cascade)
            Column("body", .text)
        }
        .access(.owner(column: "author_id"))
    }

    @Test func checkFindsAndProbesATableWithQuoteAndBackslash() throws {
        let (_, db) = try ExampleDatabase.make(Self.schema)
        let report = try ExampleDatabase.check(db, Self.schema)
        let table = TableName(schema: "public", name: Self.name)
        #expect(report.tables == [table])
        let probed = report.results.filter { $0.probe.table == table }
        #expect(!probed.isEmpty)
        #expect(Set(probed.map(\.probe.operation)) == Set(RLSModel.Operation.allCases))
        #expect(report.passed, "\(MatrixReport(report).text)")
    }

    @Test func missingAwkwardTableIsNamedNotMalformed() throws {
        let (_, db) = try ExampleDatabase.make(Self.schema)
        try db.execute(#"drop table public."odd""name\x""#)
        let error = #expect(throws: CheckError.self) { try ExampleDatabase.check(db, Self.schema) }
        #expect(error?.message.hasPrefix(#"the database lacks table public.odd"name\x that the schema declares"#) == true)
    }
}
