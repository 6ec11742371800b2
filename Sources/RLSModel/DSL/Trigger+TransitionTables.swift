extension Trigger {
    /// The names under which an `after` trigger's function sees the rows its statement changed:
    /// `old` (before-images, for update and delete) and `new` (after-images, for insert and update).
    ///
    /// ```swift
    /// Trigger("listing_counted_update", on: "listing", .after, [.update], level: .statement,
    ///         referencing: .init(old: "old_listings", new: "new_listings"), execute: "public.count_listings")
    /// // create trigger "listing_counted_update"
    /// //   after update on "public"."listing"
    /// //   referencing old table as "old_listings" new table as "new_listings"
    /// //   for each statement
    /// //   execute function "public"."count_listings"();
    /// ```
    ///
    /// PostgreSQL allows them only on `after` triggers with exactly one event and no `update of` columns.
    public struct TransitionTables: Sendable, Hashable {
        /// The before-images' name, or nil.
        public var old: String?
        /// The after-images' name, or nil.
        public var new: String?

        /// Names the transition tables; give at least one.
        public init(old: String? = nil, new: String? = nil) {
            self.old = old
            self.new = new
        }
    }
}
