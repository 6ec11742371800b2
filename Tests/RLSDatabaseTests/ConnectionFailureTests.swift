import Foundation
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Connection failures explain themselves and never show the password")
struct ConnectionFailureTests {
    static let secret = "Sup3r-Secret_pw"

    @Test func wrongPassword() throws {
        let cluster = try TestDatabase.cluster
        let url = "postgres://postgres:\(Self.secret)@127.0.0.1:\(cluster.port)/postgres"
        let error = try #require(throws: DatabaseError.self) { try Connection(url: url) }
        #expect(error.kind == .authenticationFailed)
        #expect(error.message.contains("password"))
        expectNoSecret(error)
    }

    @Test func wrongPort() throws {
        let port = try closedPort()
        let url = "postgres://postgres:\(Self.secret)@127.0.0.1:\(port)/postgres?connect_timeout=3"
        let error = try #require(throws: DatabaseError.self) { try Connection(url: url) }
        #expect(error.kind == .connectionRefused)
        #expect(error.message.contains("Is the server running?"))
        #expect(error.message.contains("\(port)"))
        expectNoSecret(error)
    }

    @Test func missingDatabase() throws {
        let cluster = try TestDatabase.cluster
        let url = "postgres://postgres:\(cluster.password)@127.0.0.1:\(cluster.port)/no_such_db"
        let error = try #require(throws: DatabaseError.self) { try Connection(url: url) }
        #expect(error.kind == .databaseMissing)
        #expect(error.message.contains("\"no_such_db\" does not exist"))
        #expect(!"\(error)".contains(cluster.password))
        #expect(!(error.detail ?? "").contains(cluster.password))
    }

    @Test func keywordValueWrongPassword() throws {
        let cluster = try TestDatabase.cluster
        let conninfo = "host=127.0.0.1 port=\(cluster.port) dbname=postgres user=postgres password='\(Self.secret)'"
        let error = try #require(throws: DatabaseError.self) { try Connection(url: conninfo) }
        #expect(error.kind == .authenticationFailed)
        expectNoSecret(error)
    }

    @Test func rightPasswordConnectsAsNonSuperuser() throws {
        let cluster = try TestDatabase.cluster
        let db = try Connection(url: cluster.url)
        #expect(try db.query("select current_setting('is_superuser') as su").first?.string("su") == "off")
    }

    @Test(arguments: [
        (
            "connection to server at \"db\" (10.0.0.1), port 5432 failed: FATAL:  no pg_hba.conf entry for host \"1.2.3.4\", user \"postgres\", database \"postgres\", no encryption",
            DatabaseError.Kind.tlsRequired
        ),
        ("connection to server at \"db\" (10.0.0.1), port 5432 failed: No route to host", .hostUnreachable),
        ("could not translate host name \"nowhere.invalid\" to address: Name or service not known", .unknownHost),
        ("connection to server at \"db\" (10.0.0.1), port 5432 failed: timeout expired", .hostUnreachable),
        ("server does not support SSL, but SSL was required", .tlsUnavailable),
        ("FATAL:  password authentication failed for user \"postgres\" (password was \(secret))", .authenticationFailed),
    ])
    func libpqMessagesAreRecognised(message: String, kind: DatabaseError.Kind) throws {
        let target = try ConnectionTarget("postgres://postgres:\(Self.secret)@db:5432/postgres")
        let error = DatabaseError.connectionFailure(libpqMessage: message, target: target)
        #expect(error.kind == kind)
        if kind == .tlsRequired { #expect(error.message.contains("sslmode=require")) }
        expectNoSecret(error)
    }

    private func expectNoSecret(_ error: DatabaseError, sourceLocation: SourceLocation = #_sourceLocation) {
        for text in [error.description, error.message, error.detail ?? "", error.hint ?? "", String(reflecting: error)] {
            #expect(!text.contains(Self.secret), "password leaked: \(text)", sourceLocation: sourceLocation)
        }
    }

    /// A port nothing listens on: pick a free one (it is closed again when returned).
    private func closedPort() throws -> Int {
        let cluster = try TestDatabase.cluster
        var port = 1
        while port == 1 || port == cluster.port { port = Int.random(in: 20_000...60_000) }
        return port
    }
}
