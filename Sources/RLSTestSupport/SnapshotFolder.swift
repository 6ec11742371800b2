import Foundation
import Testing

/// A folder of snapshot files for tests: text is compared with the stored file, and recorded
/// instead when `RLS_RECORD_SNAPSHOTS=1` (or when the file does not exist yet, which fails the test
/// so a new snapshot is always reviewed).
public struct SnapshotFolder: Sendable {
    /// Where the snapshots live, usually `Snapshots/` beside the test file.
    public let directory: URL

    /// The folder `Snapshots` beside the source file at `filePath` (pass `#filePath`).
    public init(besideFile filePath: String) {
        directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }

    /// Whether this run re-records snapshots.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RLS_RECORD_SNAPSHOTS"] == "1" }

    /// The URL of the snapshot file `fileName`.
    public func url(_ fileName: String) -> URL { directory.appendingPathComponent(fileName) }

    /// Compares `text` with the stored snapshot `fileName`; records it when recording or when none exists yet.
    public func expectMatches(_ text: String, file fileName: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = url(fileName)
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if Self.isRecording || stored == nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            if !Self.isRecording {
                Issue.record("Recorded new snapshot \(fileName); review it and run the tests again.", sourceLocation: sourceLocation)
            }
            return
        }
        #expect(text == stored, "differs from snapshot \(fileName); re-record with RLS_RECORD_SNAPSHOTS=1 if intended", sourceLocation: sourceLocation)
    }
}
