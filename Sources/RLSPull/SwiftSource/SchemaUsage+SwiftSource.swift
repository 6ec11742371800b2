import RLSModel

extension SchemaUsage {
    /// `SchemaUsage("app", by: [.authenticated, .serviceRole])`.
    var swiftSource: String {
        "SchemaUsage(\(SwiftLiteral.string(schema)), by: \(roles.swiftSource))"
    }
}
