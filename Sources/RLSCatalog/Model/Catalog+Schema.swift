extension Catalog {
    /// A managed schema, for example `private` for security definer helpers.
    public struct Schema: Equatable, Sendable, Codable {
        /// The schema's name.
        public var name: String
        /// `COMMENT ON SCHEMA`, if any.
        public var comment: String?

        /// Creates a schema entry.
        public init(name: String, comment: String? = nil) {
            self.name = name
            self.comment = comment
        }
    }
}
