/// Turns any error into the one or two lines a user reads, with the full detail behind `--verbose`.
///
/// Errors that carry more than their short description (a ``CustomDebugStringConvertible`` whose
/// `debugDescription` adds to it, such as the database error's statement and libpq detail) show it
/// only with `--verbose`.
struct ErrorReport {
    let error: any Error
    let verbose: Bool

    /// `command` as the user typed it, with the executable's name: `rls apply`.
    func print(to console: Console, command: String) {
        // Server messages quote names: no control character of theirs reaches the terminal.
        let short = String(describing: error).linesEscapedForDisplay
        console.error("\(command): \(short)")
        let detail = String(reflecting: error).linesEscapedForDisplay
        guard detail != short, detail.hasPrefix(short) else { return }
        if verbose {
            console.error(String(detail.dropFirst(short.count)).trimmingPrefix("\n"))
        } else {
            console.error("(run with --verbose for details)")
        }
    }
}

extension String {
    fileprivate func trimmingPrefix(_ prefix: String) -> String { hasPrefix(prefix) ? String(dropFirst(prefix.count)) : self }
}
