import RLSModel

extension Table {
    /// `saved` for tables in `public`, `app.setting` elsewhere.
    var displayName: String { qualifiedName.displayName }
}
