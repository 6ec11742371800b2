import RLSModel

extension Extension {
    /// `Extension("unaccent", schema: "app")`, or `Extension("citext")` in Supabase's `extensions`.
    var swiftSource: String {
        let schema = schema == Extension.defaultSchema ? "" : ", schema: \(SwiftLiteral.string(schema))"
        return "Extension(\(SwiftLiteral.string(name))\(schema))"
    }
}
