import Foundation

/// The folder the access pages live in (`Docs/` unless told otherwise): reads and writes whole files.
struct DocsFolder {
    let path: String

    /// `Docs/ACCESS.md`.
    func path(of fileName: String) -> String {
        path.hasSuffix("/") ? path + fileName : path + "/" + fileName
    }

    /// The file's contents, nil when it does not exist.
    func read(_ fileName: String) throws(DocsError) -> String? {
        let file = path(of: fileName)
        guard FileManager.default.fileExists(atPath: file) else { return nil }
        do {
            return try String(contentsOfFile: file, encoding: .utf8)
        } catch {
            throw .file(path: file, reason: "\(error.localizedDescription)")
        }
    }

    /// Replaces the file's contents, creating the folder when missing.
    func write(_ fileName: String, _ contents: String) throws(DocsError) {
        let file = path(of: fileName)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        } catch {
            throw .file(path: file, reason: "\(error.localizedDescription)")
        }
    }
}
