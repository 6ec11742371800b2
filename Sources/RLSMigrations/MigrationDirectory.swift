import Foundation
import RLSPostgres

/// The folder of migration files, `Migrations/` by default.
///
/// ```swift
/// let directory = MigrationDirectory(path: "Migrations")
/// let files = try directory.files()        // sorted by version
/// let new = try directory.write(name: "add saved", sql: "create table saved (...);")
/// ```
public struct MigrationDirectory: Sendable {
    /// The folder's path, as given.
    public let path: String

    /// The folder at `path` (relative paths resolve against the current directory).
    public init(path: String = "Migrations") {
        self.path = path
    }

    /// Whether the folder exists.
    public var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The migration files, or none when the folder does not exist yet (a project before its first
    /// `rls diff`).
    public func filesIfPresent() throws -> [MigrationFile] {
        exists ? try files() : []
    }

    /// Every `*.sql` file in the folder, sorted by version. Hidden files, sub-folders and files
    /// not ending in `.sql` (a README) are ignored.
    ///
    /// Throws ``MigrationError/directoryMissing(_:)`` when the folder does not exist,
    /// ``MigrationError/badFileName(_:directory:)`` for a `.sql` file not named
    /// `YYYYMMDDHHMMSS_name.sql`, and ``MigrationError/duplicateVersion(_:fileNames:)`` when two files
    /// share a timestamp.
    public func files() throws -> [MigrationFile] {
        guard exists else { throw MigrationError.directoryMissing(path) }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw MigrationError.unreadable(path, reason: error.localizedDescription)
        }
        var files: [MigrationFile] = []
        for name in names.sorted() where name.hasSuffix(".sql") && !name.hasPrefix(".") {
            let filePath = self.filePath(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: filePath, isDirectory: &isDirectory), !isDirectory.boolValue
            else { continue }
            files.append(try MigrationFile(fileName: name, path: filePath, contents: try read(filePath)))
        }
        files.sort { ($0.version, $0.fileName) < ($1.version, $1.fileName) }
        for (previous, next) in zip(files, files.dropFirst()) where previous.version == next.version {
            throw MigrationError.duplicateVersion(next.version, fileNames: [previous.fileName, next.fileName])
        }
        return files
    }

    /// Writes a new migration `<UTC timestamp of date>_<slug of name>.sql` holding `sql`, creating
    /// the folder if needed; never overwrites (throws ``MigrationError/fileExists(_:)``).
    @discardableResult
    public func write(name: String, sql: String, at date: Date = Date()) throws -> MigrationFile {
        let fileName = try MigrationFile.fileName(for: name, at: date)
        let filePath = self.filePath(fileName)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw MigrationError.unreadable(path, reason: error.localizedDescription)
        }
        let version = String(fileName.prefix(14))
        if let existing = (try? files())?.first(where: { $0.version == version }) {
            throw MigrationError.fileExists(existing.path)
        }
        guard FileManager.default.createFile(atPath: filePath, contents: Data(sql.utf8)) else {
            throw MigrationError.unreadable(filePath, reason: "the file could not be created")
        }
        return try MigrationFile(fileName: fileName, path: filePath, contents: sql)
    }

    private func filePath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    private func read(_ filePath: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: filePath) else {
            throw MigrationError.unreadable(filePath, reason: "the file could not be read")
        }
        return try MigrationText.decode(data, path: filePath)
    }
}
