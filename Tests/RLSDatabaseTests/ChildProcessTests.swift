import Foundation
import Testing

@testable import RLSDatabase
@testable import RLSEmbedded
@testable import RLSMigrations
@testable import RLSPostgres

/// Ctrl-C, SIGTERM and SIGKILL need a separate process that owns a cluster: these tests re-run this
/// test binary filtered to ``childOwnsClusterUntilSignalled()``, which only acts when the
/// `RLS_CHILD_CLUSTER_FILE` environment variable names where to report its cluster.
@Suite("Clusters die with their owner")
struct ChildProcessTests {
    static let reportVariable = "RLS_CHILD_CLUSTER_FILE"

    /// In a child: starts a cluster (with signal handling), reports it, then waits to be signalled.
    /// In the normal run it only checks that no report file is expected.
    @Test func childOwnsClusterUntilSignalled() throws {
        guard let report = ProcessInfo.processInfo.environment[Self.reportVariable] else {
            #expect(ProcessInfo.processInfo.environment[Self.reportVariable] == nil)
            return
        }
        let cluster = try EmbeddedCluster.start()
        try "\(cluster.directory)\n\(cluster.port)\n".write(toFile: report, atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 60)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func signalStopsAndDeletes(_ signal: Int32) throws {
        let child = try ChildCluster.spawn()
        kill(child.process.processIdentifier, signal)
        child.process.waitUntilExit()
        #expect(child.process.terminationStatus == 128 + signal)
        #expect(!FileManager.default.fileExists(atPath: child.directory))
        #expect(!FreePort.isListening(child.port))
    }

    @Test func killedOwnerIsCleanedUpByNextStart() throws {
        // A base directory of its own: every start sweeps its base directory, so a cluster another
        // test started in the shared one could remove the killed cluster before this test looks.
        let base = EmbeddedCluster.Options.defaultBaseDirectory + "-killed-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let child = try ChildCluster.spawn(extraEnvironment: ["RLS_EMBEDDED_DIR": base])
        #expect(child.directory.hasPrefix(base + "/"), "\(child.directory)")
        kill(child.process.processIdentifier, SIGKILL)
        child.process.waitUntilExit()
        // SIGKILL leaves no chance to clean up: the server still runs.
        #expect(FreePort.isListening(child.port))
        #expect(FileManager.default.fileExists(atPath: child.directory))

        let next = try EmbeddedCluster.start(.init(baseDirectory: base, stopOnSignal: false))
        next.stop()
        #expect(!FileManager.default.fileExists(atPath: child.directory))
        #expect(!FreePort.isListening(child.port))
    }
}

/// A copy of this test binary running ``ChildProcessTests/childOwnsClusterUntilSignalled()``.
struct ChildCluster {
    let process: Process
    let directory: String
    let port: Int

    /// `extraEnvironment` is added to the child's environment (this process's own is never changed).
    static func spawn(extraEnvironment: [String: String] = [:]) throws -> ChildCluster {
        let report = NSTemporaryDirectory() + "rls-child-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: report) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
        process.arguments = ["--testing-library", "swift-testing", "--filter", "childOwnsClusterUntilSignalled"]
        var environment = ProcessInfo.processInfo.environment
        environment[ChildProcessTests.reportVariable] = report
        environment.merge(extraEnvironment) { _, extra in extra }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: report, encoding: .utf8) {
                let lines = text.split(separator: "\n").map(String.init)
                if lines.count == 2, let port = Int(lines[1]) {
                    return ChildCluster(process: process, directory: lines[0], port: port)
                }
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.terminate()
        throw EmbeddedClusterError(kind: .startFailed, message: "The child test process did not report a cluster.")
    }
}
