/// Something `rls pull` read but could not express with the DSL's own constructs: listed in the
/// command's output and as a comment in the Swift it writes. The baseline migration holds it, unless the
/// note says `NOT in the baseline`.
public struct PullNote: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The object concerned: `public.note`, `public.note.total`, `function public.f(uuid)`.
    public var object: String
    /// What was left out or kept as written, and what to do about it.
    public var message: String

    /// Creates a note.
    public init(_ object: String, _ message: String) {
        self.object = object
        self.message = message
    }

    /// `public.note: exclusion constraint note_during_excl is not expressible; ...`
    public var description: String { "\(object): \(message)" }

    /// Orders by object, then message.
    public static func < (lhs: PullNote, rhs: PullNote) -> Bool {
        (lhs.object, lhs.message) < (rhs.object, rhs.message)
    }
}
