import Foundation
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Server errors carry SQLSTATE and position")
struct DatabaseErrorTests {
    @Test func syntaxErrorHasStateAndPosition() throws {
        let (_, db) = try TestDatabase.make()
        let sql = "select 1;\nselec 2"
        let error = try #require(throws: DatabaseError.self) { try db.execute(sql) }
        #expect(error.kind == .server)
        #expect(error.sqlState == "42601")
        #expect(error.severity == "ERROR")
        #expect(error.position == 11)  // 1-based: the "selec" on the second line
        #expect(error.statement == sql)
        #expect(error.message.contains("selec"))
    }

    @Test func syntaxErrorInParameterizedQuery() throws {
        let (_, db) = try TestDatabase.make()
        let error = try #require(throws: DatabaseError.self) { try db.query("select $1::text frm x", ["a"]) }
        #expect(error.sqlState == "42601")
        #expect(error.position == 21)  // "frm" parses as a column alias; "x" is the error
    }

    @Test func uniqueViolationHasDetail() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table member (email text primary key); insert into member values ('a@example.com');")
        let error = try #require(throws: DatabaseError.self) {
            try db.query("insert into member values ($1)", ["a@example.com"])
        }
        #expect(error.sqlState == "23505")
        #expect(error.detail?.contains("a@example.com") == true)
        #expect(error.position == nil)
        #expect(error.description.contains("23505"))
    }

    @Test func closedConnectionThrows() throws {
        let (_, db) = try TestDatabase.make()
        db.close()
        let error = try #require(throws: DatabaseError.self) { try db.execute("select 1") }
        #expect(error.kind == .connectionLost)
    }
}

@Suite("A broken connection is reported as lost")
struct LostConnectionTests {
    @Test func terminatedBackendIsConnectionLost() throws {
        let (url, victim) = try TestDatabase.make()
        let killer = try Connection(url: url)
        let pid = try #require(try victim.query("select pg_backend_pid() as pid").first?.int("pid"))
        try killer.query("select pg_terminate_backend($1)", [pid])
        let error = try #require(throws: DatabaseError.self) { try victim.execute("select 1") }
        #expect(error.kind == .connectionLost)
        #expect(error.isConnectionFailure)
    }
}
