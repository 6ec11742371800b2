/// Where an `rls apply` that stopped early left the database: what its transactions committed, what
/// was rolled back, and what may or may not be committed (the connection broke while COMMIT was on
/// its way).
///
/// ```text
/// Committed (kept; a committed file is recorded and not run again):
///   20260101000002_calm.sql:1: alter type public.mood add value 'calm'
///   20260101000002_calm.sql
/// Not committed (rolled back):
///   20260101000003_blue.sql
/// ```
public struct ApplyOutcome: Sendable, Equatable, CustomStringConvertible {
    /// What committed, in order: enum values (`file:line: statement`) and whole files.
    public var committed: [String]
    /// Pending files that did not commit.
    public var notCommitted: [String]
    /// What the server may or may not have committed.
    public var unknown: [String]

    /// An outcome.
    public init(committed: [String] = [], notCommitted: [String] = [], unknown: [String] = []) {
        self.committed = committed
        self.notCommitted = notCommitted
        self.unknown = unknown
    }

    /// The lists, one entry per line, then what to do next.
    public var description: String {
        var lines: [String] = []
        if committed.isEmpty {
            lines.append("Nothing was committed.")
        } else {
            lines.append("Committed (kept; a committed file is recorded and is not run again):")
            lines += committed.map { "  " + $0 }
        }
        if !unknown.isEmpty {
            lines.append("May or may not be committed (the connection broke while COMMIT was on its way):")
            lines += unknown.map { "  " + $0 }
        }
        if !notCommitted.isEmpty {
            lines.append("Not committed (rolled back):")
            lines += notCommitted.map { "  " + $0 }
        }
        lines.append("Run `rls plan` to see what is still pending, then `rls apply` again.")
        return lines.joined(separator: "\n")
    }
}
