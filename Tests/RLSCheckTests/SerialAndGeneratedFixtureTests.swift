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

    /// RLS off with the legacy grants: every role that holds a privilege reaches every row, and
    /// `rls check` proves exactly that; a PUBLIC policy applies to anon and authenticated.
    @Test func rlsOffAndPublicPoliciesAreProvedAsTheyAre() throws {
        let schema = Schema {
            Table("country") {
                Column("id", .integer).identity(.byDefault).primaryKey()
                Column("name", .text)
            }
            .rowLevelSecurity(false)
            .grants([.anon: [.select], .authenticated: [.select, .insert, .update, .delete], .serviceRole: Privilege.allTable])
            Table("post") {
                Column("id", .bigint).serial().primaryKey()
                Column("author_id", .uuid).references(.authUsers)
                Policy("anyone reads", for: .select, to: [.public], using: SQL(raw: "true")).expects(.everyRow)
            }
            .access(insert: .owner(column: "author_id"))
        }
        let (_, db) = try ExampleDatabase.make(schema)
        let report = try ExampleDatabase.check(db, schema)
        #expect(report.passed, "\(MatrixReport(report).text)")
        let post = schema.tables[1]
        #expect(schema.expectedAccess(of: post, role: .anon, .select) != .denied)
        #expect(schema.expectedAccess(of: schema.tables[0], role: .anon, .select) == .allRows)
        #expect(schema.expectedAccess(of: schema.tables[0], role: .anon, .delete) == .denied)
    }
}
