/// How a row leads to the user who owns it: zero or more foreign-key hops to a
/// parent row, then a uuid column compared with `(select auth.uid())`.
///
/// `saved.profile_id → profiles.id` where profiles are owned by `id` collapses to
/// `hops == []`, `ownerColumn == "profile_id"`: `"profile_id" = (select auth.uid())`.
/// `listing_photo.listing_id → listing.id`, listings owned by `seller_id`, is one hop:
/// `exists (select 1 from "public"."listing" ... where ... and "seller_id" = (select auth.uid()))`.
public struct OwnerPath: Sendable, Hashable, CustomStringConvertible {
    /// One step from a row to its parent row.
    public struct Hop: Sendable, Hashable {
        /// The referencing column, in the table the step starts from.
        public var column: String
        /// The parent table.
        public var parent: TableName
        /// The referenced column in the parent.
        public var parentColumn: String

        /// Declares a hop.
        public init(column: String, parent: TableName, parentColumn: String) {
            self.column = column
            self.parent = parent
            self.parentColumn = parentColumn
        }
    }

    /// The steps to the owning row, empty when the table itself holds the owner id.
    public var hops: [Hop]
    /// The uuid column, in the last table reached, that holds the owner's user id.
    public var ownerColumn: String

    /// Declares a path.
    public init(hops: [Hop] = [], ownerColumn: String) {
        self.hops = hops
        self.ownerColumn = ownerColumn
    }

    /// `listing_id → public.listing.id, seller_id`.
    public var description: String {
        (hops.map { "\($0.column) → \($0.parent).\($0.parentColumn)" } + [ownerColumn]).joined(separator: ", ")
    }
}
