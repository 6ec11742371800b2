extension Column {
    /// How a column's value is produced besides identity and defaults.
    public enum Generation: Sendable, Hashable {
        /// `serial`, `bigserial` or `smallserial` (by the column's type): a `nextval` default on a
        /// sequence `<table>_<column>_seq` that the column owns. Inserting roles need `usage` on it.
        case serial
        /// `generated always as (expression) stored`: computed from other columns, never written.
        case stored(SQL)
    }

    /// A serial column: `Column("id", .bigint).serial()` is `"id" bigserial not null`.
    /// Prefer ``identity(_:)`` in new tables: identity values need no sequence grant.
    public func serial() -> Column {
        var copy = self
        copy.generation = .serial
        return copy
    }

    /// A stored generated column:
    /// `Column("total", .numeric).generated(SQL(raw: "price * quantity"))` is
    /// `"total" numeric generated always as (price * quantity) stored not null`.
    public func generated(_ expression: SQL) -> Column {
        var copy = self
        copy.generation = .stored(expression)
        return copy
    }
}
