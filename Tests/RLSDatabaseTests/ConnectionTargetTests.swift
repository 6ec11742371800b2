import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Connection strings are shown redacted")
struct ConnectionTargetTests {
    @Test func urlPasswordIsRedacted() throws {
        let target = try ConnectionTarget("postgres://postgres:s3cret@db.example.com:6543/postgres?sslmode=require&application_name=rls")
        #expect(target.redacted == "postgres://postgres:***@db.example.com:6543/postgres?sslmode=require&application_name=rls")
        #expect("\(target)" == target.redacted)
        #expect(target.host == "db.example.com")
        #expect(target.port == "6543")
        #expect(target.database == "postgres")
        #expect(target.user == "postgres")
    }

    @Test func percentEncodedPasswordIsRedactedAndScrubbed() throws {
        let target = try ConnectionTarget("postgresql://me:p%40ss%2Fword@localhost/app")
        #expect(!target.redacted.contains("ss"))
        #expect(target.scrub("it was p@ss/word or p%40ss%2Fword") == "it was *** or ***")
    }

    @Test func queryPasswordIsRedacted() throws {
        let target = try ConnectionTarget("postgres://me@localhost/app?password=hunter2&sslmode=disable")
        #expect(!target.redacted.contains("hunter2"))
        #expect(target.redacted.contains("sslmode=disable"))
    }

    @Test func keywordValuePasswordIsRedacted() throws {
        let target = try ConnectionTarget("host=localhost port=5432 dbname=app user=me password='se\\'cret word' sslmode=require")
        #expect(!target.redacted.contains("cret"))
        #expect(target.redacted.contains("sslmode=require"))
        #expect(target.user == "me")
        #expect(target.port == "5432")
    }

    @Test func emptyTargetIsAnError() {
        #expect(throws: DatabaseError.self) { try ConnectionTarget("  ") }
    }

    @Test func arrayLiteralParsing() {
        #expect(PostgresArrayLiteral.parse("{a,\"b c\",NULL,\"NULL\",\"q\\\"uote\"}") == ["a", "b c", nil, "NULL", "q\"uote"])
        #expect(PostgresArrayLiteral.parse("{}") == [])
        #expect(PostgresArrayLiteral.parse("[0:1]={x,y}") == ["x", "y"])
        #expect(PostgresArrayLiteral.parse("not an array") == nil)
    }
}

@Suite("Redaction survives odd passwords")
struct OddPasswordTests {
    @Test(arguments: ["pa#ss", "pa?ss", "p:a:ss", "päss", "pa%23ss"])
    func unencodedCharactersDoNotLeak(_ password: String) throws {
        let target = try ConnectionTarget("postgres://me:\(password)@db.example.com:5432/app")
        #expect(target.redacted == "postgres://me:***@db.example.com:5432/app")
        #expect(target.host == "db.example.com")
        #expect(target.scrub("said \(password)") == "said ***")
    }
}

@Suite("An unencoded @ in a password")
struct UnencodedAtTests {
    @Test(arguments: ["Sec@ret99", "@leading", "a@b@c", "tr@iling@"])
    func isRefusedWithoutShowingAnyOfThePassword(_ password: String) {
        do {
            _ = try ConnectionTarget("postgres://postgres:\(password)@127.0.0.1:1/db?sslmode=require")
            Issue.record("an unencoded @ was accepted")
        } catch let error as DatabaseError {
            #expect(error.kind == .invalidTarget)
            #expect(error.message.contains("postgres://postgres:***@127.0.0.1:1/db?sslmode=require"))
            #expect(error.message.contains("%40"))
            for piece in password.split(separator: "@") where piece.count > 2 {
                #expect(!error.message.contains(piece), "message shows \(piece)")
            }
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test func anEncodedAtIsFine() throws {
        let target = try ConnectionTarget("postgres://postgres:Sec%40ret99@127.0.0.1:1/db")
        #expect(target.redacted == "postgres://postgres:***@127.0.0.1:1/db")
    }
}
