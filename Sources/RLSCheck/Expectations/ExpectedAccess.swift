/// How much of a table one persona should reach with one operation, reduced from the model's
/// ``RLSModel/RowAccess`` to what fixture rows can show.
public enum ExpectedAccess: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// No privilege: "permission denied".
    case denied
    /// Privilege held, but no policy lets any fixture row through.
    case noRows
    /// Only the persona's own rows.
    case ownRows
    /// Every row.
    case everyRow
    /// Hand-written policies without expectations decide: reported, not judged.
    case unverified(String)

    /// In words, for matrices.
    public var description: String {
        switch self {
        case .denied: "denied"
        case .noRows: "no rows"
        case .ownRows: "own rows"
        case .everyRow: "every row"
        case .unverified(let reason): "unverified (\(reason))"
        }
    }
}
