import RLSModel

/// A function that writes to a table, and the triggers that run it: how rows arrive that no
/// API role may add (the sign-up trigger filling `profiles`, the trigger keeping counts).
public struct TableWriter: Sendable, Hashable {
    /// The function whose body writes to the table.
    public var function: Function
    /// The triggers that run it.
    public var triggers: [Trigger]

    /// A writer.
    public init(function: Function, triggers: [Trigger]) {
        self.function = function
        self.triggers = triggers
    }

    /// "`public.create_profile_for_new_user` (security definer), run by the trigger
    /// `on_auth_user_created` after insert on `auth.users`: Creates the ... row."
    public var summary: String {
        var text = "\(function.qualifiedName.description.markdownCode) (security \(function.security.rawValue))"
        let runs = triggers.map { "\($0.name.markdownCode) \($0.timing.rawValue) \($0.eventWords) on \($0.table.description.markdownCode)" }
        if !runs.isEmpty {
            text += ", run by the trigger\(runs.count == 1 ? "" : "s") \(listed(runs))"
        }
        if !function.executableBy.isEmpty {
            text += ", callable by \(listed(function.executableBy.map(\.name.markdownCode)))"
        }
        if let comment = function.comment { text += ": \(comment.markdownText)" }
        return text
    }
}
