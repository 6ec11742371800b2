import Foundation
import RLSTestSupport
import Testing

/// SQL snapshots under `Tests/RLSSQLTests/Snapshots/`, re-recorded with `RLS_RECORD_SNAPSHOTS=1`.
enum Snapshot {
    static let folder = SnapshotFolder(besideFile: #filePath)

    /// The snapshot's URL for a name.
    static func url(_ name: String) -> URL { folder.url("\(name).sql") }

    /// Compares `sql` with the stored snapshot; records it when recording or when none exists yet.
    static func expectMatches(_ sql: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let failure = try folder.failure(comparing: sql, file: "\(name).sql") {
            Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation)
        }
    }
}
