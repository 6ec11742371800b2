import RLSPostgres

/// An applied migration whose file no longer matches what was applied: its checksum differs from
/// the one recorded when it ran.
public struct EditedMigration: Sendable, Equatable {
    /// The file's version (its 14-digit timestamp).
    public var version: String
    /// The file's name.
    public var fileName: String
    /// SHA-256 recorded when the file was applied.
    public var appliedChecksum: String
    /// SHA-256 of the file as it is now.
    public var currentChecksum: String

    /// An edited migration.
    public init(version: String, fileName: String, appliedChecksum: String, currentChecksum: String) {
        self.version = version
        self.fileName = fileName
        self.appliedChecksum = appliedChecksum
        self.currentChecksum = currentChecksum
    }
}
