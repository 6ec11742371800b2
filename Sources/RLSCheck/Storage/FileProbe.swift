import RLSModel

/// One storage probe: a persona uploads, reads, overwrites or deletes a file in one fixture side's
/// folder of a bucket, as the storage API asks the database (`insert`, `select`, `update`, `delete`
/// on `storage.objects`, with the user's JWT).
public struct FileProbe: Sendable, Hashable {
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

    /// Creates a probe.
    public init(bucket: Bucket, persona: Persona, action: Action, folderOwner: FixtureOwner, folder: String, expectedAllowed: Bool) {
        self.bucket = bucket
        self.persona = persona
        self.action = action
        self.folderOwner = folderOwner
        self.folder = folder
        self.expectedAllowed = expectedAllowed
    }

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

/// What a storage probe observed.
public struct FileProbeResult: Sendable, Hashable {
    /// The probe.
    public var probe: FileProbe
    /// Done (true) or refused (false: no row, or 42501); nil when the probe failed for another reason.
    public var allowed: Bool?
    /// The server's error when it was neither done nor refused, with its SQLSTATE.
    public var error: String?

    /// The persona could not be impersonated, so nothing ran; ``error`` says why.
    public var notRun = false

    /// The server's words when it refused with an error (42501), as table probes' notes have them:
    /// `server: 42501 new row violates row-level security policy for table "objects"`.
    public var note: String?

    /// Pass when the observation matches the plans. An error is a mismatch, as for a table probe:
    /// what the API would have answered is an error, not the promised yes or no.
    public var verdict: Verdict {
        if notRun { return .notRun }
        return allowed == probe.expectedAllowed ? .pass : .mismatch
    }

    /// `yes`, `no`, `error …` or `not run: …`.
    public var observed: String {
        if notRun { return "not run: \(error ?? "")" }
        return allowed.map { $0 ? "yes" : "no" } ?? "error \(error ?? "")"
    }

    /// ``observed``, and for a mismatch the server's words (``note``): what a report shows of it.
    public var observedWithNote: String {
        observed + (verdict == .mismatch ? note.map { " (\($0))" } ?? "" : "")
    }
}
