extension Table {
    /// Acknowledges that a change widens access to this table on purpose, so
    /// `rls plan --fail-on-widening` and `rls diff --fail-on-widening` let its gains through; the
    /// reason is printed beside every gain. No SQL: it only speaks to the access diff.
    ///
    /// ```swift
    /// Table("listing") { ... }
    ///     .access(read: .public, write: .owner("seller_id"))
    ///     .expectsWidening("listings become public for the new welcome page")
    /// ```
    public func expectsWidening(_ reason: String) -> Table {
        var table = self
        table.wideningReason = reason
        return table
    }
}
