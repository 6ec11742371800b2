extension Catalog {
    /// An enum type: `CREATE TYPE "public"."role" AS ENUM ('driver', 'rider')`.
    public struct EnumType: Equatable, Sendable, Codable {
        /// The type's qualified name.
        public var name: QualifiedName
        /// The labels in their sort order.
        public var labels: [String]
        /// `COMMENT ON TYPE`, if any.
        public var comment: String?

        /// Creates an enum entry.
        public init(name: QualifiedName, labels: [String], comment: String? = nil) {
            self.name = name
            self.labels = labels
            self.comment = comment
        }
    }
}
