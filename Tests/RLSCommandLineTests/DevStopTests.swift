import Foundation
import Testing

@testable import RLSCommandLine

/// `rls dev stop --remove-data` says what it did, rather than the "not created" status that follows.
@Suite("rls dev stop")
struct DevStopTests {
    @Test func removingTheDataSaysSo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rls-dev-stop-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let start = LintCIOutputTests.run(["dev", "start"], in: directory)
        #expect(start.code == .success, "\(start.output)\(start.error)")
        let stop = LintCIOutputTests.run(["dev", "stop", "--remove-data"], in: directory)
        #expect(stop.code == .success, "\(stop.output)\(stop.error)")
        #expect(stop.output == "dev cluster stopped and its data removed\n", "\(stop.output)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/.rls"))
        let status = LintCIOutputTests.run(["dev", "status"], in: directory)
        #expect(status.output.contains("not created"), "\(status.output)")
    }
}
