/// The process exit codes of `rls`, documented in `rls --help` and `Docs/EXIT-CODES.md`.
public enum ExitCode: Int32, Sendable {
    /// The command did what it was asked; for `plan --exit-code` and `check`, nothing is pending or wrong.
    case success = 0
    /// The command failed: a database error, a failed check, stale docs.
    case failure = 1
    /// `rls plan --exit-code` found changes to apply.
    case changesPending = 2
    /// The command line itself was wrong: an unknown option, a missing value.
    case usage = 64
}
