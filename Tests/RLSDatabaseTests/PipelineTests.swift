import RLSDatabase
import RLSTestSupport
import Testing

@Suite("Pipelines: one command per message, one round trip, the transaction watched")
struct PipelineTests {
    @Test("Statements and parameters run in order in one round trip; command tags come back")
    func runsInOrder() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin")
        let trips = db.roundTrips
        let outcome = try db.pipeline([
            PipelineStatement("create table public.note (id int, body text)"),
            PipelineStatement("insert into public.note values ($1, $2)", [1, "o'brien; drop table x"]),
            PipelineStatement("insert into public.note values ($1, $2)", [2, nil]),
        ])
        #expect(db.roundTrips == trips + 1)
        #expect(outcome.failure == nil)
        #expect(outcome.commandTags == ["CREATE TABLE", "INSERT 0 1", "INSERT 0 1"])
        try db.execute("commit")
        #expect(try db.query("select body from public.note where id = 1").rows[0].string("body") == "o'brien; drop table x")
    }

    @Test("The server refuses a message holding two commands, and skips everything after a failure")
    func multipleCommandsRefused() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin")
        let outcome = try db.pipeline([
            PipelineStatement("create table public.a (id int)"),
            PipelineStatement("create table public.b (id int); create table public.c (id int)"),
            PipelineStatement("create table public.d (id int)"),
        ])
        #expect(outcome.failure?.index == 1)
        #expect(outcome.failure?.error.sqlState == "42601")
        #expect(outcome.commandTags == ["CREATE TABLE"])
        #expect(db.isInTransaction)
        try db.execute("rollback")
        #expect(
            try db.query(
                "select count(*)::int as n from pg_class where relname in ('a', 'b', 'c', 'd') and relnamespace = 'public'::regnamespace"
            ).rows[0].int("n") == 0)
    }

    @Test("A COMMIT that reaches the server aborts loudly: the connection closes and nothing after it commits")
    func commitInsidePipeline() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("begin")
        let error = try #require(throws: DatabaseError.self) {
            try db.pipeline([
                PipelineStatement("create table public.before_commit (id int)"),
                PipelineStatement("commit"),
                PipelineStatement("create table public.after_commit (id int)"),
            ])
        }
        #expect(error.message.contains("ended or nested the transaction"))
        #expect(throws: DatabaseError.self) { try db.execute("select 1") }
        let check = try Connection(url: url)
        #expect(try !MigrationFixtures.exists("public.after_commit", on: check))
    }

    @Test("A COPY that reaches the server aborts loudly instead of counting as success")
    func copyInsidePipeline() throws {
        let (url, db) = try TestDatabase.make()
        try db.execute("begin; create table public.t (id int)")
        #expect(throws: DatabaseError.self) {
            try db.pipeline([PipelineStatement("copy public.t from stdin")])
        }
        let check = try Connection(url: url)
        #expect(try !MigrationFixtures.exists("public.t", on: check))
    }

    @Test("A pipeline needs an open transaction")
    func needsTransaction() throws {
        let (_, db) = try TestDatabase.make()
        #expect(throws: DatabaseError.self) { try db.pipeline([PipelineStatement("select 1")]) }
    }

    @Test("Tens of thousands of statements with large results neither stall nor get lost")
    func large() throws {
        let (_, db) = try TestDatabase.make()
        try db.execute("begin")
        let statements = (0..<20_000).map { PipelineStatement("select repeat('x', 200), $1::int", [$0]) }
        let outcome = try db.pipeline(statements)
        #expect(outcome.failure == nil)
        #expect(outcome.commandTags.count == 20_000)
        try db.execute("rollback")
    }
}
