import RLSModel

extension QualifiedName {
    /// `welcome_brand_counts` in `public`, `app.settings` elsewhere.
    var displayName: String { schema == "public" ? name : description }
}
