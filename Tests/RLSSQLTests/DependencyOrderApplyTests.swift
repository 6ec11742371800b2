import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `rls sql` orders statements by what they use, not only by kind: a column default, a check, a
/// generated column and an index calling functions declared in the same schema; a SQL function
/// calling a function declared after it (issue 31).
@Suite struct DependencyOrderApplyTests {
    static let schema = Schema {
        SchemaUsage("app", by: .authenticated, .serviceRole)
        Table("ticket", schema: "app") {
            Column("id", .bigint).identity().primaryKey()
            Column("token", .text).default(.raw(SQL(raw: "app.generate_token(30)")))
            Column("code", .text).default(.raw(SQL(raw: "app.default_token()")))
            Column("quantity", .integer)
            Column("title", .text)
            Column("slug", .text).nullable().generated(SQL(raw: "app.slugify(title)"))
            CheckConstraint("ticket_quantity_positive", SQL(raw: "app.is_positive(quantity)"))
            Index(expression: SQL(raw: "app.slugify(title)"), name: "ticket_slug")
        }
        .access(read: .authenticated, write: .serviceRoleOnly)
        Function(
            "default_token", schema: "app", returns: .type(.text), language: .sql,
            body: SQL(raw: "select app.generate_token(30)"))
        Function(
            "generate_token", schema: "app", arguments: [.init("length", .integer)], returns: .type(.text),
            language: .sql, body: SQL(raw: "select substr(md5(random()::text), 1, length)"))
        Function(
            "is_positive", schema: "app", arguments: [.init("n", .integer)], returns: .type(.boolean), language: .sql,
            volatility: .immutable, body: SQL(raw: "select n > 0"))
        Function(
            "slugify", schema: "app", arguments: [.init("t", .text)], returns: .type(.text), language: .sql,
            volatility: .immutable, body: SQL(raw: "select lower(t)"))
    }

    @Test func renderedSchemaApplies() throws {
        let sql = try renderValidated(Self.schema)
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.apply(sql)
        #expect(try db.query("select app.generate_token(5) as token").rows.first?.string("token").count == 5)
    }
}
