import Foundation
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

/// A server that accepts TCP connections and never answers: without a connect timeout every command hung.
@Suite("Connect timeout")
struct ConnectTimeoutTests {
    @Test func aSilentServerFailsWithTheHostAndTheOptionToChange() throws {
        let listener = try SilentListener()
        defer { listener.close() }
        // libpq rounds a connect_timeout below 2 up to 2 s; that keeps this test short.
        let url = "postgres://postgres:Zq7leakPW@127.0.0.1:\(listener.port)/postgres?connect_timeout=2&sslmode=disable"
        do {
            _ = try Connection(url: url)
            Issue.record("connected to a server that never answers")
        } catch let error as DatabaseError {
            #expect(error.kind == .hostUnreachable)
            #expect(error.message.contains("127.0.0.1:\(listener.port)"), "\(error.message)")
            #expect(error.message.contains("connect_timeout"), "\(error.message)")
            #expect(error.message.contains("within 2 s"), "\(error.message)")
            #expect(!"\(error)\(String(reflecting: error))".contains("Zq7leakPW"))
        }
    }

    @Test func theDefaultIsSetAndTheURLWins() throws {
        let plain = try ConnectionTarget("postgres://u@h/db")
        #expect(
            plain.defaultParameters.contains { $0.keyword == "connect_timeout" && $0.value == "10" }
                || ProcessInfo.processInfo.environment["PGCONNECT_TIMEOUT"] != nil)
        #expect(plain.defaultParameters.contains { $0.keyword == "keepalives" && $0.value == "1" })
        #expect(try ConnectionTarget("postgres://u@h/db?connect_timeout=3").connectTimeout == "3")
        #expect(try ConnectionTarget("host=h connect_timeout=4").connectTimeout == "4")
    }
}

/// A TCP listener on 127.0.0.1 that accepts (the kernel completes the handshake) and never replies.
final class SilentListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw DatabaseError(kind: .connectionFailed, message: "bind failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}
