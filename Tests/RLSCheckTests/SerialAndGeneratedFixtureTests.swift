import RLSCheck
import RLSModel
import Testing

/// `rls check` on tables as pulled from existing databases: serial keys (whose inserters need the
/// sequence) and stored generated columns (which cannot be written) get fixture rows without help.
@Suite struct SerialAndGeneratedFixtureTests {
    @Test func serialKeyAndGeneratedColumnNeedNoHandWrittenFixture() throws {
        let schema = Schema {
            Table("todo") {
                Column("id", .bigint).serial().primaryKey()
                Column("user_id", .uuid).references(.authUsers)
                Column("quantity", .integer)
                Column("price", .numeric(10, 2))
                Column("total", .numeric).generated(SQL(raw: "quantity * price"))
            }
            .access(.owner(column: "user_id"))
            Table("todo_note") {
                Column("id", .integer).serial().primaryKey()
                Column("todo_id", .bigint).references("todo", onDelete: .cascade)
                Column("body", .text)
            }
            .access(.owner(through: "todo_id"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        #expect(report.passed, "\(MatrixReport(report).text)")
    }
}
