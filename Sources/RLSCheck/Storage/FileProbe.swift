import RLSModel

/// One storage probe: a persona uploads, reads, overwrites or deletes a file in one fixture side's
/// folder of a bucket, as the storage API asks the database (`insert`, `select`, `update`, `delete`
/// on `storage.objects`, with the user's JWT).
public struct FileProbe: ProbeSubject {
    /// What the storage API does for the client.
    public enum Action: String, Sendable, Hashable, CaseIterable {
        /// Upload a new file: `insert`.
        case upload
        /// List or download a file through the API: `select`.
        case read
        /// Replace a file (an upsert, a move): `update`, on a row the user must also be able to read.
        case overwrite
        /// Remove a file: `delete`, on a row the user must also be able to read.
        case delete

        /// The operations whose plans must all allow it: overwrite and delete find the file first.
        public var operations: [Operation] {
            switch self {
            case .upload: [.insert]
            case .read: [.select]
            case .overwrite: [.update, .select]
            case .delete: [.delete, .select]
            }
        }
    }

    /// The bucket.
    public var bucket: Bucket
    /// Who acts.
    public var persona: Persona
    /// Upload, read, overwrite or delete.
    public var action: Action
    /// Whose folder the file is in.
    public var folderOwner: FixtureOwner
    /// The folder: a user id, or a row's primary key for buckets with row folders.
    public var folder: String
    /// Whether the bucket's plans let the persona do it.
    public var expectedAllowed: Bool

    /// `bucket avatars · alice · upload · own folder`.
    public var name: String {
        "bucket \(bucket.id) · \(persona) · \(action.rawValue) · \(folderDescription)"
    }

    /// `own folder`, `other's folder`, or `alice's folder` for personas without a folder of their own.
    public var folderDescription: String {
        guard let me = persona.fixtureOwner else { return "\(folderOwner)'s folder" }
        return folderOwner == me ? "own folder" : "other's folder"
    }
}
