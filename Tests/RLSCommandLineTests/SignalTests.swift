import Foundation
import RLSDatabase
import Testing

/// Ctrl-C or SIGTERM in the middle of a command on the throwaway database: the server is stopped,
/// its directory removed, and `rls` exits 130 or 143 (not 1 with "server closed the connection").
@Suite("Signals stop the embedded server")
struct SignalTests {
    /// This package's executable (`rls-example`) built beside this test bundle.
    static var executable: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("rls-example").path
    }

    @Test(arguments: [(SIGTERM, Int32(143)), (SIGINT, Int32(130))])
    func aSignalStopsTheServerAndRemovesItsDirectory(_ signalNumber: Int32, _ status: Int32) throws {
        let executable = try #require(
            FileManager.default.isExecutableFile(atPath: Self.executable) ? Self.executable : nil,
            "build the rls-example executable (swift build --build-tests) before testing")
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("rls-signal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: project + "/Migrations", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: project) }
        // A migration that keeps the command busy on the embedded server long enough to be interrupted.
        try "select pg_sleep(60);\n".write(toFile: project + "/Migrations/20260101000000_wait.sql", atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["apply", "--yes"]
        process.currentDirectoryURL = URL(fileURLWithPath: project)
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "DATABASE_URL")
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()

        // Wait for the "Database: … (embedded, throwaway)" line: the cluster is registered by then.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("(embedded, throwaway)") {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        let announced = String(decoding: seen, as: UTF8.self)
        try #require(announced.contains("(embedded, throwaway)"), "rls did not start a throwaway database: \(announced)")
        let base = EmbeddedCluster.Options.defaultBaseDirectory
        let prefix = "cluster-\(process.processIdentifier)-"
        let directories = try FileManager.default.contentsOfDirectory(atPath: base).filter { $0.hasPrefix(prefix) }
        #expect(directories.count == 1)
        Thread.sleep(forTimeInterval: 0.5)  // let the migration reach pg_sleep

        kill(process.processIdentifier, signalNumber)
        let rest = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = announced + String(decoding: rest, as: UTF8.self)
        #expect(process.terminationStatus == status, "\(output)")
        #expect(!output.contains("server closed the connection"), "\(output)")
        #expect(output.contains("stopping the throwaway database"), "\(output)")
        for directory in directories {
            #expect(!FileManager.default.fileExists(atPath: base + "/" + directory), "\(directory) was left behind")
        }
    }
}
