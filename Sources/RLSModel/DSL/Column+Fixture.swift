extension Column {
    /// The value `rls check` writes into this column of its fixture rows, instead of the one it
    /// would generate from the type: for a CHECK constraint the generated value breaks, or a type
    /// it cannot invent values for. The SQL is spliced as written into the fixture `insert`.
    ///
    /// ```swift
    /// Column("model_year", .smallint).fixture(SQL(raw: "2024"))
    /// // insert into "public"."vehicle" (..., "model_year", ...) values (..., 2024, ...)
    /// ```
    public func fixture(_ value: SQL) -> Column {
        var copy = self
        copy.fixtureValue = value
        return copy
    }
}
