import Foundation
import Testing

/// SQL snapshots under `Tests/RLSSQLTests/Snapshots/`, re-recorded with `RLS_RECORD_SNAPSHOTS=1`.
enum Snapshot {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["RLS_RECORD_SNAPSHOTS"] == "1" }

    /// The snapshot's URL for a name.
    static func url(_ name: String) -> URL { directory.appendingPathComponent("\(name).sql") }

    /// Compares `sql` with the stored snapshot; records it when recording or when none exists yet.
    static func expectMatches(_ sql: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = url(name)
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if isRecording || stored == nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try sql.write(to: url, atomically: true, encoding: .utf8)
            if !isRecording {
                Issue.record("Recorded new snapshot \(name).sql; review it and run the tests again.", sourceLocation: sourceLocation)
            }
            return
        }
        #expect(sql == stored, "SQL differs from snapshot \(name).sql; re-record with RLS_RECORD_SNAPSHOTS=1 if intended", sourceLocation: sourceLocation)
    }
}
