/// What `rls types` writes: for whom, with which access level, for which database schemas.
public struct SwiftTypesOptions: Sendable, Hashable {
    /// The access level of every declaration in the file.
    public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
        /// `public struct Listing`: for a package or framework of models.
        case `public`
        /// `struct Listing`: for the app's own target.
        case `internal`
        /// `package struct Listing`: for a module of a package.
        case package

        /// The keyword and a space, or nothing for internal.
        var keyword: String { self == .internal ? "" : "\(rawValue) " }
    }

    /// Whose `Insert` and `Update` the file holds.
    public var role: ClientRole
    /// The access level of the declarations.
    public var access: AccessLevel
    /// The database schemas whose objects the file holds; empty for every schema the DSL declares.
    public var schemas: [String]

    /// Options; the defaults are a signed-in user's types, `public`, every schema.
    public init(role: ClientRole = .authenticated, access: AccessLevel = .public, schemas: [String] = []) {
        self.role = role
        self.access = access
        self.schemas = schemas
    }
}
