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

    /// Every migration file in the folder, sorted by version. Hidden entries and entries that
    /// neither start with a 14-digit version nor end in `.sql` (a README, an `archive/` folder) are
    /// ignored; every other entry is a regular file named `YYYYMMDDHHMMSS_name.sql`, or the whole
    /// folder is refused before any file is read (see `migrationFileNames()`).
    ///
    /// Throws ``MigrationError/directoryMissing(_:)`` when the folder does not exist;
    /// ``MigrationError/fileNameNotUTF8(_:directory:)`` for any name that is not UTF-8;
    /// ``MigrationError/symbolicLink(_:)`` and ``MigrationError/notRegularFile(_:kind:)`` for a link,
    /// folder or device named like a migration (a link is never followed);
    /// ``MigrationError/badFileName(_:directory:)`` for a near-miss name (`.SQL`, `.sql.txt`); and
    /// ``MigrationError/duplicateVersion(_:fileNames:)`` when two files share a timestamp.
    public func files() throws -> [MigrationFile] {
        guard exists else { throw MigrationError.directoryMissing(path) }
        var files: [MigrationFile] = []
        for name in try migrationFileNames() {
            let filePath = self.filePath(name)
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

    func filePath(_ name: String) -> String {
        path.hasSuffix("/") ? path + name : path + "/" + name
    }

    private func read(_ filePath: String) throws -> String {
        try MigrationText.decode(try Self.readRegularFile(filePath), path: filePath)
    }
}
