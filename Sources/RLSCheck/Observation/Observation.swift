import RLSModel

/// What any probe observed (a table's, a view's, a column's, a storage file's, a Realtime channel's):
/// the rows a SELECT saw by owner, a write or a join that went through, a refusal with what refused
/// it, a failure with the server's SQLSTATE, or a probe that did not run and why. As a table probe's
/// promise (``Expectation/outcome(_:)``) it holds what the plans say it should observe.
public enum Observation: Sendable, Hashable, CustomStringConvertible {
    /// SELECT returned these fixture rows (possibly none: filtered by RLS).
    case rows(Set<FixtureOwner>)
    /// The write reached the row (or passed every access check and then hit a constraint); the
    /// file was touched; the channel let the persona in.
    case allowed
    /// A scenario step's statement ran: how many rows it returned or wrote, and its first row's first value.
    case returned(rows: Int, first: String?)
    /// Refused, by what ``Refusal`` says.
    case refused(Refusal)
    /// Any other error, with its SQLSTATE (nil when the error carried none).
    case failed(state: SQLState?, message: String)
    /// The probe could not run (the grant of a policies-only probe was refused, the persona could
    /// not be impersonated, a side-effect trigger), and why.
    case notRun(String)

    /// No error, no row: filtered out by row-level security (`using`).
    public static let filtered = Observation.refused(.rowFilter)
    /// Rejected by a policy's WITH CHECK.
    public static let rejectedByWithCheck = Observation.refused(.withCheck)
    /// Denied by a missing grant: as a promise, any missing privilege matches it.
    public static let deniedByGrant = Observation.refused(.tablePrivilege(nil))

    /// Short words: `alice+bob`, `no rows`, `allowed`, the refusal's label, `error 42P01: …`, `not run: …`.
    public var description: String {
        switch self {
        case .rows(let owners): owners.isEmpty ? "no rows" : owners.sorted().map(\.description).joined(separator: "+")
        case .allowed: "allowed"
        case .returned(let count, let first): "\(count) row\(count == 1 ? "" : "s")" + (first.map { ", first value \($0)" } ?? "")
        case .refused(let refusal): refusal.label
        case .failed(let state, let message): "error \(state?.rawValue ?? ""): \(message)"
        case .notRun(let reason): "not run: \(reason)"
        }
    }

    /// A stable keyword for JSON: `rows`, `allowed`, `returned`, `filtered`, `rejected_by_check`, `denied_by_grant`,
    /// `refused_by_trigger`, `refused_by_storage_guard`, `error`, `not_run`.
    public var kind: String {
        switch self {
        case .rows: "rows"
        case .allowed: "allowed"
        case .returned: "returned"
        case .refused(let refusal): refusal.kind
        case .failed: "error"
        case .notRun: "not_run"
        }
    }

    /// The refusal, if refused.
    public var refusal: Refusal? {
        if case .refused(let refusal) = self { refusal } else { nil }
    }

    /// Yes or no for a file or channel probe: it went through (a write, or rows seen) or was refused;
    /// nil for an error or a probe that did not run.
    public var permitted: Bool? {
        switch self {
        case .rows(let owners): !owners.isEmpty
        case .allowed, .returned: true
        case .refused: false
        case .failed, .notRun: nil
        }
    }

    /// Whether `observed` is what this promise says: the same rows or write, the same kind of refusal
    /// (any missing privilege where the promise is "no grant").
    func promises(_ observed: Observation) -> Bool {
        if case .refused(let promised) = self, case .refused(let refusal) = observed { return promised.promises(refusal) }
        return self == observed
    }

    /// The matrix's word: `none`, `alice+bob`, `yes`, the refusal's word, `error`, `n/a`.
    var word: String {
        switch self {
        case .rows(let owners): owners.isEmpty ? "none" : owners.sorted().map(\.description).joined(separator: "+")
        case .allowed, .returned: "yes"
        case .refused(let refusal): refusal.word
        case .failed: "error"
        case .notRun: "n/a"
        }
    }

    /// The observation as a yes-or-no answer: `yes`, `no`, `no, rejected (WITH CHECK)` (a refusal
    /// other than a row filter names what refused), else ``description``.
    var answer: String {
        switch self {
        case .refused(.rowFilter): "no"
        case .refused(let refusal): "no, \(refusal.label)"
        case .failed, .notRun: description
        case .rows, .allowed, .returned: permitted == true ? "yes" : "no"
        }
    }
}
