import Foundation
import RLSTestSupport
import Testing

/// Page snapshots under `Tests/RLSDocsTests/Snapshots/`, re-recorded with `RLS_RECORD_SNAPSHOTS=1`.
enum Snapshot {
    static let folder = SnapshotFolder(besideFile: #filePath)

    /// Compares `text` with the stored snapshot `fileName`; records it when recording or when none exists yet.
    static func expectMatches(_ text: String, named fileName: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let failure = try folder.failure(comparing: text, file: fileName) {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
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
