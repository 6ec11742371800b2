import Foundation
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("A server that requires TLS says so")
struct TLSRequiredTests {
    @Test func plainConnectionIsToldToAddSSLMode() throws {
        let cluster = try EmbeddedCluster.start(.init(stopOnSignal: false))
        defer { cluster.stop() }
        try requireTLS(on: cluster)

        let plain = cluster.url + "?sslmode=disable"
        let error = try #require(throws: DatabaseError.self) { try Connection(url: plain) }
        #expect(error.kind == .tlsRequired)
        #expect(error.message.contains("sslmode=require"))
        #expect(!String(reflecting: error).contains(cluster.password))

        let encrypted = try Connection(url: cluster.url + "?sslmode=require")
        #expect(try encrypted.query("select ssl from pg_stat_ssl where pid = pg_backend_pid()").first?.bool("ssl") == true)
    }

    /// Gives the cluster a self-signed certificate and rejects unencrypted TCP connections, like hosted Supabase.
    private func requireTLS(on cluster: EmbeddedCluster) throws {
        let key = cluster.directory + "/server.key"
        let certificate = cluster.directory + "/server.crt"
        let openssl = try ExternalCommand.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days", "1", "-subj",
                "/CN=localhost",
            ])
        try #require(openssl.status == 0, "openssl: \(openssl.output)")
        chmod(key, 0o600)
        let account = try ServerAccount.forCurrentUser()
        try account?.own(key)
        try account?.own(certificate)
        try """
        local all all trust
        hostssl all all 127.0.0.1/32 scram-sha-256
        hostnossl all all 127.0.0.1/32 reject
        """.write(toFile: cluster.directory + "/data/pg_hba.conf", atomically: false, encoding: .utf8)
        let admin = try Connection(url: cluster.socketConninfo())
        try admin.execute("alter system set ssl = on")
        try admin.execute("alter system set ssl_cert_file = '\(certificate)'")
        try admin.execute("alter system set ssl_key_file = '\(key)'")
        try admin.execute("select pg_reload_conf()")
        // The reload is asynchronous: wait until the server speaks TLS.
        let deadline = Date().addingTimeInterval(5)
        while (try? Connection(url: cluster.url + "?sslmode=require")) == nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
