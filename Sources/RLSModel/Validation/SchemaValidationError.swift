/// Every mistake validation found in a schema, thrown by ``Schema/validate()``.
public struct SchemaValidationError: Error, Sendable, CustomStringConvertible {
    /// The mistakes, in declaration order.
    public var errors: [ValidationError]

    /// One line per mistake.
    public var description: String {
        errors.map(\.description).joined(separator: "\n")
    }
}
