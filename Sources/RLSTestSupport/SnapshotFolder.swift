import Foundation

/// A folder of snapshot files for tests: text is compared with the stored file, and recorded
/// instead when `RLS_RECORD_SNAPSHOTS=1` (or when the file does not exist yet, which fails the test
/// so a new snapshot is always reviewed).
///
/// It does not import Testing (a library target must not): ``failure(comparing:file:)`` returns what
/// went wrong for the test to record, and ``expectMatches(_:file:)`` throws it.
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

    /// Compares `text` with the stored snapshot `fileName` and says what is wrong, or nil when it
    /// matches. Records the snapshot when recording (nil) or when none exists yet (a failure, so
    /// that the new snapshot is reviewed).
    public func failure(comparing text: String, file fileName: String) throws -> String? {
        let url = url(fileName)
        let stored = try? String(contentsOf: url, encoding: .utf8)
        if Self.isRecording || stored == nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return Self.isRecording ? nil : "Recorded new snapshot \(fileName); review it and run the tests again."
        }
        guard let stored, text != stored else { return nil }
        return "differs from snapshot \(fileName) \(Self.firstDifference(text, stored)); "
            + "re-record with RLS_RECORD_SNAPSHOTS=1 if intended"
    }

    /// Throws ``SnapshotMismatch`` unless `text` matches the stored snapshot `fileName`.
    public func expectMatches(_ text: String, file fileName: String) throws {
        if let failure = try failure(comparing: text, file: fileName) { throw SnapshotMismatch(description: failure) }
    }

    /// "at line N: expected …, got …", for the first line that differs.
    static func firstDifference(_ text: String, _ stored: String) -> String {
        let new = text.split(separator: "\n", omittingEmptySubsequences: false)
        let old = stored.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(new.count, old.count) {
            let got = index < new.count ? String(new[index]) : "(end of text)"
            let expected = index < old.count ? String(old[index]) : "(end of snapshot)"
            if got != expected { return "at line \(index + 1): expected \"\(expected)\", got \"\(got)\"" }
        }
        return "in line endings"
    }
}

/// A snapshot that did not match, or was recorded for the first time.
public struct SnapshotMismatch: Error, CustomStringConvertible {
    public let description: String
}
