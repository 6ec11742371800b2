/// A command-level failure with a message that says what happened and what to do next.
struct CommandError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
