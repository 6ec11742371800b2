extension View {
    /// Declares the columns the view's query returns, so that `rls types` can write its row type.
    /// It produces no SQL: the query decides the columns, and a view whose declared columns differ
    /// from its query's fails to decode in the app (the tests of `rls types` decode the example's).
    ///
    /// ```swift
    /// View("top_scores", readableBy: [.anon, .authenticated], query: SQL(raw: "select id, points from public.score"))
    ///     .columns(Column("id", .bigint), Column("points", .integer))
    /// // struct TopScores: Codable { var id: Int64; var points: Int32 }
    /// ```
    public func columns(_ columns: Column...) -> View {
        var copy = self
        copy.columns = columns
        return copy
    }
}
