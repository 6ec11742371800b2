/// Turns any error into the one or two lines a user reads, with the full detail behind `--verbose`.
struct ErrorReport {
    let error: any Error
    let verbose: Bool

    func print(to console: Console, command: String) {
        let short = String(describing: error)
        console.error("rls \(command): \(short)")
        guard let detail = (error as? any CustomDebugStringConvertible)?.debugDescription, detail != short else {
            return
        }
        if verbose {
            console.error(detail)
        } else {
            console.error("(run with --verbose for details)")
        }
    }
}
