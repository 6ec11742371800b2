import RLSModel

/// One plain sentence about a table, for a reviewer or a teacher: who may do which operations.
///
/// "Only the signed-in user whose id is the row's `profile_id` can see, add, change or remove a row;
/// nobody can add a row for someone else or change one to belong to someone else."
public struct AccessSentence: Sendable, Hashable {
    /// The operations the sentence is about.
    public var operations: [Operation]
    /// The callers whose outcome the sentence states (those a probe can prove).
    public var callers: [Caller]
    /// The sentence.
    public var text: String

    /// A sentence about `operations`.
    public init(operations: [Operation], callers: [Caller], text: String) {
        self.operations = operations
        self.callers = callers
        self.text = text
    }
}
