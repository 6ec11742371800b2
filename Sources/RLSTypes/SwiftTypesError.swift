/// Why `rls types` wrote nothing.
public struct SwiftTypesError: Error, Sendable, CustomStringConvertible {
    /// What happened and what to do.
    public var description: String

    init(_ description: String) { self.description = description }
}
