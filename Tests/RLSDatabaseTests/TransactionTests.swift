import RLSDatabase
import RLSTestSupport
import Testing

@Suite("Transactions commit or leave nothing")
struct TransactionTests {
    struct Boom: Error {}

    @Test func rollbackOnThrowLeavesNothing() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table item (id int)")
        #expect(throws: Boom.self) {
            try db.transaction { tx in
                try tx.execute("insert into item values (1); create table other (id int);")
                throw Boom()
            }
        }
        #expect(try db.query("select count(*) as n from item").first?.int("n") == 0)
        #expect(try db.query("select to_regclass('other') as t").first?["t"] == nil)
        #expect(!db.isInTransaction)
    }

    @Test func rollbackOnServerError() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table item (id int primary key)")
        #expect(throws: DatabaseError.self) {
            try db.transaction { tx in
                try tx.query("insert into item values ($1)", [1])
                try tx.query("insert into item values ($1)", [1])
            }
        }
        #expect(try db.query("select count(*) as n from item").first?.int("n") == 0)
    }

    @Test func swallowedErrorDoesNotLookCommitted() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table item (id int)")
        #expect(throws: DatabaseError.self) {
            try db.transaction { tx in
                try tx.execute("insert into item values (1)")
                _ = try? tx.execute("select nonsense")
            }
        }
        #expect(try db.query("select count(*) as n from item").first?.int("n") == 0)
    }

    @Test func commitKeepsAndNestedRollsBackToSavepoint() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("create table item (id int)")
        let value = try db.transaction { tx in
            try tx.execute("insert into item values (1)")
            _ = try? tx.transaction { inner in
                try inner.execute("insert into item values (2)")
                throw Boom()
            }
            return 7
        }
        #expect(value == 7)
        #expect(try db.query("select array_agg(id)::text[] as ids from item").first?.stringArray("ids") == ["1"])
    }
}
