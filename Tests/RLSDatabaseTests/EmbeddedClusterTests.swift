import Foundation
import RLSTestSupport
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

@Suite("Embedded cluster lifecycle")
struct EmbeddedClusterTests {
    /// How fast it starts is measured by rls-bench, not asserted here.
    @Test func startsAndStopsCompletely() throws {
        _ = try TestDatabase.cluster  // the template is built and cached by now
        let cluster = try EmbeddedCluster.start(.init(stopOnSignal: false))
        #expect(FileManager.default.fileExists(atPath: cluster.directory))
        #expect(FreePort.isListening(cluster.port))
        let db = try Connection(url: cluster.url)
        #expect(try db.query("select 1 as one").first?.int("one") == 1)
        db.close()

        cluster.stop()
        #expect(!FileManager.default.fileExists(atPath: cluster.directory))
        #expect(!FreePort.isListening(cluster.port))
        #expect(throws: DatabaseError.self) { try Connection(url: cluster.url + "?connect_timeout=2") }
        cluster.stop()  // twice is harmless
    }

    @Test func abandonedClusterIsCleanedUpByNextStart() throws {
        let abandoned = try EmbeddedCluster.start(.init(stopOnSignal: false))
        let postmaster = try #require(AbandonedClusters.postmasterPid(dataDirectory: abandoned.directory + "/data"))
        // Simulate a killed run: the owner recorded in the cluster is a process that has exited.
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        try "\(dead.processIdentifier) 1".write(toFile: abandoned.directory + "/owner", atomically: true, encoding: .utf8)
        #expect(FreePort.isListening(abandoned.port))

        let next = try EmbeddedCluster.start(.init(stopOnSignal: false))
        defer { next.stop() }
        #expect(!FileManager.default.fileExists(atPath: abandoned.directory))
        #expect(!ProcessLiveness.isAlive(postmaster))
        #expect(!FreePort.isListening(abandoned.port))
        abandoned.stop()
    }

    @Test func liveClustersAreNotSwept() throws {
        let cluster = try TestDatabase.cluster
        AbandonedClusters.sweep(base: cluster.options.baseDirectory)
        #expect(FileManager.default.fileExists(atPath: cluster.directory))
        _ = try Connection(url: cluster.url)
    }

    @Test func serverRunsUnprivilegedWhenCallerIsRoot() throws {
        let (_, db) = try TestDatabase.make()
        let backend = try #require(try db.query("select pg_backend_pid() as pid").first?.int("pid"))
        let status = try String(contentsOfFile: "/proc/\(backend)/status", encoding: .utf8)
        let uidLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("Uid:") })
        let uid = try #require(uidLine.split(separator: "\t").dropFirst().first.flatMap { UInt32($0) })
        if geteuid() == 0 {
            let account = try #require(getpwnam("postgres"))
            #expect(uid == account.pointee.pw_uid)
            #expect(uid != 0)
        } else {
            #expect(uid == geteuid())
        }
    }

    @Test func missingBinariesNameTheDebianPackage() throws {
        let error = try #require(throws: EmbeddedClusterError.self) {
            try ServerBinaries.locate(environment: ["PATH": "/nonexistent"], searchInstalled: false)
        }
        #expect(error.kind == .postgresMissing)
        #expect(error.message.contains("postgresql"))
        #expect(error.message.contains("apt-get install -y postgresql"))
    }

    @Test func binariesAreFoundNewestFirst() throws {
        let binaries = try ServerBinaries.locate(environment: ["PATH": "/nonexistent"])
        #expect(binaries.directory.hasPrefix("/usr/lib/postgresql/"))
    }

    @Test func createdDatabasesAreSeparate() throws {
        let (urlA, a) = try TestDatabase.make()
        let (urlB, b) = try TestDatabase.make()
        #expect(urlA != urlB)
        try a.execute("create table only_in_a (id int)")
        #expect(try b.query("select to_regclass('only_in_a') as t").first?["t"] == nil)
        #expect(
            try b.query("select pg_get_userbyid(datdba) as owner from pg_database where datname = current_database()").first?.string(
                "owner") == "postgres")
    }

    /// A plan's throwaway databases are dropped on another thread, while it compares: gone once the
    /// drops have run, and a cluster stopped first is deleted whole instead.
    @Test func databasesDroppedSoonAreGone() throws {
        let cluster = try TestDatabase.cluster
        let names = (1...3).map { "drop_soon_\($0)_\(UInt32.random(in: 0...UInt32.max))" }
        for name in names { _ = try cluster.createDatabase(name) }
        for name in names { cluster.dropDatabaseSoon(name) }
        cluster.waitForDatabaseDrops()
        let admin = try Connection(url: cluster.socketConninfo())
        defer { admin.close() }
        let left = try admin.query("select datname from pg_database where datname = any($1::text[])", [names]).rows
        #expect(left.isEmpty, "\(left.map { $0["datname"] })")

        let own = try EmbeddedCluster.start(.init(stopOnSignal: false))
        _ = try own.createDatabase("never_dropped")
        own.stop()
        own.dropDatabaseSoon("never_dropped")  // after stop: nothing to do, nothing thrown
        own.waitForDatabaseDrops()
        #expect(!FileManager.default.fileExists(atPath: own.directory))
    }
}
