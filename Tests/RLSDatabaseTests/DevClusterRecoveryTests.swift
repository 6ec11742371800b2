import Foundation
import Synchronization
import Testing

@testable import RLSEmbedded
@testable import RLSPostgres

/// `rls dev start` interrupted at any step (Ctrl-C, a killed terminal, a full disk) leaves a state
/// the next start finishes or remakes; two starts at once agree on one cluster. The interrupted
/// states are built on disk the way an interruption leaves them.
@Suite("Dev cluster survives interruption and concurrent starts", .serialized)
struct DevClusterRecoveryTests {
    /// A fresh project directory, removed (with its cluster) after `body`.
    private func withProject(_ body: (String) throws -> Void) throws {
        let project = "/tmp/rls-devrecover-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        defer {
            try? DevCluster.stop(in: project, removingData: true)
            try? FileManager.default.removeItem(atPath: project)
        }
        try body(project)
    }

    /// Starts the project's cluster and proves a TCP login with its URL works.
    private func expectStartsAndConnects(_ project: String) throws {
        let url = try #require(DevCluster.start(in: project).url)
        let db = try Connection(url: url)
        defer { db.close() }
        #expect(try db.query("select current_user as who").first?.string("who") == "postgres")
        #expect(DevCluster.status(in: project).url == url)
    }

    /// The template copied into the data directory, cut off part way (no `global/`, as when `cp` is interrupted).
    private func partialCopy(_ layout: DevClusterLayout) throws {
        let template = try ClusterTemplate.ensure(
            binaries: try ServerBinaries.locate(), account: layout.account, base: EmbeddedCluster.Options.defaultBaseDirectory)
        let copy = try ExternalCommand.run("/bin/cp", ["-a", template, layout.dataDirectory])
        try #require(copy.status == 0)
        try FileManager.default.removeItem(atPath: layout.dataDirectory + "/global")
    }

    @Test func aCopyInterruptedBeforeTheSettingsIsRemade() throws {
        try withProject { project in
            let layout = try DevClusterLayout(projectDirectory: project)
            try partialCopy(layout)
            #expect(DevCluster.status(in: project) == .unfinished(dataDirectory: layout.dataDirectory))
            #expect(DevCluster.status(in: project).description.contains("finish it with `rls dev start`"))
            try expectStartsAndConnects(project)
        }
    }

    @Test func aCreationMarkedUnfinishedIsRemade() throws {
        try withProject { project in
            let layout = try DevClusterLayout(projectDirectory: project)
            try partialCopy(layout)
            // Interrupted later still: settings written, the creation not yet marked done.
            try layout.writeSettings(.init(port: try FreePort.pick(), password: EmbeddedCluster.randomPassword()))
            FileManager.default.createFile(atPath: layout.creatingMarker, contents: nil)
            #expect(DevCluster.status(in: project).url == nil)
            try expectStartsAndConnects(project)
        }
    }

    @Test func aServerStartedBeforeItsFirstSetupIsFinished() throws {
        try withProject { project in
            let layout = try DevClusterLayout(projectDirectory: project)
            let binaries = try ServerBinaries.locate()
            try layout.create(binaries: binaries, defaultPrivileges: .none)
            let settings = try #require(layout.readSettings())
            // The first start, interrupted between the server being ready and the passwords being set.
            let server = try ServerProcess.launch(
                binaries: binaries, account: layout.account, dataDirectory: layout.dataDirectory, port: settings.port,
                socketDirectory: layout.socketDirectory, listenAddress: "127.0.0.1", logPath: layout.root + "/server.log",
                detached: true)
            try ServerProcess.waitUntilReady(socketDirectory: layout.socketDirectory, port: settings.port, timeout: 30) {
                AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory) != nil || server.isRunning
            }
            #expect(
                DevCluster.status(in: project) == .unfinished(dataDirectory: layout.dataDirectory),
                "no login works yet, so it is not reported as running")
            try expectStartsAndConnects(project)
        }
    }

    @Test func twoStartsAtOnceAgreeOnOneCluster() throws {
        try withProject { project in
            let results = Mutex<[Result<String?, any Error>]>([])
            DispatchQueue.concurrentPerform(iterations: 2) { _ in
                let result = Result { try DevCluster.start(in: project).url }
                results.withLock { $0.append(result) }
            }
            let urls = try results.withLock { $0 }.map { try $0.get() }
            #expect(urls.count == 2)
            #expect(urls[0] != nil && urls[0] == urls[1])
            try expectStartsAndConnects(project)
        }
    }

    @Test func twoProcessesStartingAtOnceAgreeOnOneCluster() throws {
        try withProject { project in
            let reports = [project + "-first", project + "-second"]
            defer { for report in reports { try? FileManager.default.removeItem(atPath: report) } }
            let children = try reports.map { try ServerEnvironmentTests.spawnDevStart(project: project, report: $0) }
            for child in children { child.waitUntilExit() }
            #expect(children.map(\.terminationStatus) == [0, 0], "both starts succeed")
            let layout = try DevClusterLayout(projectDirectory: project, creating: false)
            let postmaster = try #require(AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory))
            try expectStartsAndConnects(project)
            #expect(AbandonedClusters.postmasterPid(dataDirectory: layout.dataDirectory) == postmaster, "one server throughout")
        }
    }
}
