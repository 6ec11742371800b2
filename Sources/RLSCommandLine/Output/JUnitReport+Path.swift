import Foundation
import RLSCheck

extension JUnitReport {
    /// Throws a ``CommandError`` that says what is wrong with `path` when the report could not be written there.
    static func requireWritable(_ path: String) throws {
        let files = FileManager.default
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard !isDirectory.boolValue else {
                throw CommandError("--junit \(path) is a folder; give a file name such as \(path)/rls-check.xml.")
            }
            guard files.isWritableFile(atPath: path) else {
                throw CommandError("--junit \(path) is not writable. Give a path you can write, or fix its permissions.")
            }
            return
        }
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        guard files.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError("--junit \(path): the folder \(folder) does not exist. Create it first (mkdir -p \(folder)).")
        }
        guard files.isWritableFile(atPath: folder) else {
            throw CommandError("--junit \(path): the folder \(folder) is not writable. Give a path you can write.")
        }
    }
}
