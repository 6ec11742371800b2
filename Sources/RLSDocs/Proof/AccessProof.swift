/// What `rls check` proved about the access matrix: a ``ProofStatus`` per ``AccessCell``,
/// and where it was proven. The input that makes the access pages verified rather than claimed.
///
/// Cells absent from ``statuses`` are ``ProofStatus/unverified``. ``AccessDocs`` refuses to write
/// pages when any cell ``ProofStatus/failed(reason:)``, so the docs never claim what the database does not do.
///
/// ```swift
/// let proof = AccessProof(source: "the embedded database built from Migrations/",
///                         statuses: [AccessCell("saved", .anyone, .select): .proven])
/// ```
public struct AccessProof: Sendable, Hashable {
    /// Where the proof ran, in words for the page: `the embedded database built from Migrations/`.
    /// Never a connection string: the page is committed.
    public var source: String
    /// The status of each cell that was probed.
    public var statuses: [AccessCell: ProofStatus]
    /// Why cells are unverified, when nothing was probed at all (shown on the page).
    public var unverifiedReason: String?
    /// Whether `rls check` proved each bucket's rules (by bucket id): proven when every storage probe
    /// of the bucket passed; absent buckets are unverified.
    public var buckets: [String: ProofStatus] = [:]
    /// Failures that belong to no cell, such as a scenario check that failed: they fail the proof too.
    public var otherFailures: [String] = []
    /// The newest migration file's version the proof's database was built from; nil when it was
    /// built from the schema's SQL.
    public var migrationVersion: String?
    /// The commit of the checkout the proof ran in (`git rev-parse`), nil outside git. `rls docs --check`
    /// ignores it: it changes with every commit, the proof does not (``StalePage``).
    public var commit: String?

    /// A proof from the statuses `rls check` reported.
    public init(source: String, statuses: [AccessCell: ProofStatus]) {
        self.source = source
        self.statuses = statuses
        self.unverifiedReason = nil
    }

    /// No proof at all: every cell is "not yet proven", for `reason`.
    public static func unverified(because reason: String) -> AccessProof {
        var proof = AccessProof(source: "", statuses: [:])
        proof.unverifiedReason = reason
        return proof
    }

    /// The status of one cell (``ProofStatus/unverified`` when it was not probed).
    public func status(of cell: AccessCell) -> ProofStatus {
        statuses[cell] ?? .unverified
    }

    /// The cells whose probes failed, in table, caller, operation order, with their reasons.
    public var failures: [(cell: AccessCell, reason: String)] {
        statuses.compactMap { cell, status in
            if case .failed(let reason) = status { return (cell, reason) }
            return nil
        }
        .sorted { $0.cell < $1.cell }
    }
}
