import Foundation
import RLSDatabase
import RLSModel
import RLSSQL
import RLSTestSupport
import Testing

/// `rls sql` writes `-- Table <name>` above each table; a line break in a name must not end that
/// comment and run the rest of the name as SQL.
@Suite("Comment headers in rendered SQL")
struct CommentHeaderTests {
    static let hostile = "note\ndrop table public.canary; --"

    @Test func aNewlineInANameStaysInsideTheComment() throws {
        let sql = render(Schema { Table(Self.hostile) { Column("id", .uuid) } })
        #expect(sql.contains(#"-- Table public.note\ndrop table public.canary; --"# + "\n"), "\(sql)")
        #expect(sql.contains(#"-- Access to public.note\ndrop table public.canary; --: "#), "\(sql)")
        #expect(throws: SchemaValidationError.self) { try renderValidated(Schema { Table(Self.hostile) { Column("id", .uuid) } }) }
    }

    @Test func theRenderedSQLRunsWithoutRunningTheName() throws {
        let (_, db) = try TestDatabase.make()
        defer { db.close() }
        try db.execute("create table public.canary (id int)")
        try db.apply(render(Schema { Table(Self.hostile) { Column("id", .uuid) } }))
        #expect(try db.query("select to_regclass('public.canary') is not null as present").first?.bool("present") == true)
        #expect(try db.query("select count(*)::int as n from pg_class where relname = $1", [Self.hostile]).first?.int("n") == 1)
    }
}
