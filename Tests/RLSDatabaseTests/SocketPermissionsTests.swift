import Foundation
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

/// The socket trusts whoever connects through it, so no other local user may reach it.
@Suite("The trusted socket is private")
struct SocketPermissionsTests {
    @Test func socketIsOnlyForTheServersOwnUser() throws {
        let cluster = try TestDatabase.cluster
        let socket = try #require(
            try FileManager.default.contentsOfDirectory(atPath: cluster.directory).first {
                $0.hasPrefix(".s.PGSQL.") && !$0.hasSuffix(".lock")
            },
            "no socket in \(cluster.directory)"
        )
        let attributes = try FileManager.default.attributesOfItem(atPath: cluster.directory + "/" + socket)
        let permissions = try #require(attributes[.posixPermissions] as? Int)
        #expect(permissions & 0o077 == 0, "socket mode is \(String(permissions, radix: 8))")
    }
}
