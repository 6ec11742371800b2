/// A mistake on the command line; exits with ``ExitCode/usage`` after printing the command's usage line.
struct UsageError: Error, CustomStringConvertible, Equatable {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
}
