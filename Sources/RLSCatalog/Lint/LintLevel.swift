/// How serious a lint finding is.
///
/// `rls lint` exits 1 when any finding is an ``error``.
public enum LintLevel: String, Sendable, Codable, CaseIterable, Comparable {
    /// Data is exposed or a protection is silently off: fix before shipping.
    case error
    /// Slow, fragile or easy to get wrong later: fix unless there is a reason.
    case warning
    /// Worth knowing; often intended.
    case info

    /// Errors first, then warnings, then information.
    public static func < (lhs: LintLevel, rhs: LintLevel) -> Bool {
        lhs.rank < rhs.rank
    }

    private var rank: Int {
        switch self {
        case .error: 0
        case .warning: 1
        case .info: 2
        }
    }
}
