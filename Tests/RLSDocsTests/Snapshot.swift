import Foundation
import Testing

/// Page snapshots under `Tests/RLSDocsTests/Snapshots/`, re-recorded with `RLS_RECORD_SNAPSHOTS=1`.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RLS_RECORD_SNAPSHOTS"] == "1" }

    /// Compares `text` with the stored snapshot `fileName`; records it when recording or when none exists yet.
    static func expectMatches(_ text: String, named fileName: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = directory.appendingPathComponent(fileName)
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if isRecording || stored == nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            if !isRecording {
                Issue.record("Recorded new snapshot \(fileName); review it and run the tests again.", sourceLocation: sourceLocation)
            }
            return
        }
        #expect(text == stored, "page differs from snapshot \(fileName); re-record with RLS_RECORD_SNAPSHOTS=1 if intended", sourceLocation: sourceLocation)
    }
}

/// A fresh empty folder under the system's temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("rls-docs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func read(_ name: String) throws -> String { try String(contentsOfFile: "\(path)/\(name)", encoding: .utf8) }

    func write(_ name: String, _ text: String) throws { try text.write(toFile: "\(path)/\(name)", atomically: true, encoding: .utf8) }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
