import Foundation
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Persistent dev cluster and target resolution", .serialized)
struct DevClusterTests {
    @Test func devClusterLifecycleKeepsData() throws {
        let project = "/tmp/rls-devtest-\(getpid())-\(Int.random(in: 0...999_999))"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        defer {
            try? DevCluster.stop(in: project, removingData: true)
            try? FileManager.default.removeItem(atPath: project)
        }
        #expect(DevCluster.status(in: project) == .notCreated)
        #expect(throws: EmbeddedClusterError.self) { try DevCluster.url(in: project) }

        let first = try DevCluster.start(in: project)
        let url = try #require(first.url)
        #expect(try DevCluster.url(in: project) == url)
        #expect(try DevCluster.start(in: project) == first)  // starting twice is harmless
        let db = try Connection(url: url)
        try db.execute("create table kept (id int); insert into kept values (7);")
        db.close()
        let attributes = try FileManager.default.attributesOfItem(atPath: project + "/.rls/dev/connection")
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(
            !DevCluster.status(in: project).description.contains(
                try #require(DevClusterLayout(projectDirectory: project).readSettings()).password))

        // Commands use a running dev cluster when no URL is given.
        let target = try DatabaseTarget.resolve(databaseURL: nil, environment: [:], directory: project)
        #expect(target.source == .devCluster)
        #expect(target.url == url)

        try DevCluster.stop(in: project)
        guard case .stopped = DevCluster.status(in: project) else {
            Issue.record("expected stopped, got \(DevCluster.status(in: project))")
            return
        }
        let again = try #require(DevCluster.start(in: project).url)
        let reopened = try Connection(url: again)
        #expect(try reopened.query("select id from kept").first?.int("id") == 7)
        reopened.close()

        try DevCluster.stop(in: project, removingData: true)
        #expect(DevCluster.status(in: project) == .notCreated)
    }

    @Test func explicitURLThenEnvironmentThenEmbedded() throws {
        let explicit = try DatabaseTarget.resolve(
            databaseURL: "postgres://u:pw@h/d", environment: ["DATABASE_URL": "postgres://e:pw@h/d"], directory: "/nonexistent"
        )
        #expect(explicit.source == .explicit)
        #expect(explicit.url == "postgres://u:pw@h/d")
        #expect(explicit.description == "postgres://u:***@h/d (--database-url)")

        let environment = try DatabaseTarget.resolve(
            databaseURL: nil, environment: ["DATABASE_URL": "postgres://e:pw@h/d"], directory: "/nonexistent")
        #expect(environment.source == .environment)

        let embedded = try DatabaseTarget.resolve(
            databaseURL: nil, environment: [:], directory: "/nonexistent",
            embeddedOptions: .init(stopOnSignal: false))
        #expect(embedded.source == .embedded)
        let cluster = try #require(embedded.cluster)
        _ = try Connection(url: embedded.url)
        embedded.finish()
        #expect(!FileManager.default.fileExists(atPath: cluster.directory))
    }

    /// What a command asks before it connects (a first `rls plan` starts its throwaway cluster
    /// early where the database runs already): the same choice as `resolve`, nothing started.
    @Test func aRunningServerIsFoundWithoutStartingAnything() throws {
        let explicit = try DatabaseTarget.running(databaseURL: "postgres://u:pw@h/d", environment: [:], directory: "/nonexistent")
        #expect(explicit?.source == .explicit)
        let environment = try DatabaseTarget.running(
            databaseURL: nil, environment: ["DATABASE_URL": "postgres://e:pw@h/d"], directory: "/nonexistent")
        #expect(environment?.source == .environment)
        #expect(try DatabaseTarget.running(databaseURL: nil, environment: [:], directory: "/nonexistent") == nil)
        #expect(throws: DatabaseError.self) {
            try DatabaseTarget.running(databaseURL: nil, environment: ["DATABASE_URL": " "], directory: "/")
        }
    }
}
