extension View {
    /// Makes the view a materialized view: its rows are computed when it is created (or not, with
    /// `withData: false`) and again on `refresh materialized view`, and stored. It runs as its owner
    /// and never applies RLS, so `securityInvoker` does not apply; `rls lint` reports one the API
    /// roles may read (`materialized-view-in-api`).
    ///
    /// ```swift
    /// View("mood_counts", schema: "app", comment: "People per mood", query: SQL(raw: "select mood, count(*) as n from app.person group by mood"))
    ///     .materialized()
    ///     .indexes(Index("mood", unique: true, name: "mood_counts_mood"))
    /// // create materialized view "app"."mood_counts"
    /// // as
    /// // select mood, count(*) as n from app.person group by mood;
    /// // comment on materialized view "app"."mood_counts" is 'People per mood';
    /// // revoke all on table "app"."mood_counts" from "anon", "authenticated", "service_role";
    /// // grant select on table "app"."mood_counts" to "service_role";
    /// // create unique index "mood_counts_mood" on "app"."mood_counts" ("mood");
    /// ```
    ///
    /// A changed query drops the materialized view and creates it again (destructive: its rows are
    /// computed anew); so does dropping one the schema no longer declares.
    public func materialized(withData: Bool = true) -> View {
        var copy = self
        copy.isMaterialized = true
        copy.isSecurityInvoker = false
        copy.isPopulated = withData
        return copy
    }

    /// The indexes of a materialized view (a plain view has none), named `<view>_<columns>_idx`
    /// unless given a name. `refresh materialized view concurrently` needs a unique one.
    ///
    /// ```swift
    /// .indexes(Index("mood", unique: true, name: "mood_counts_mood"))
    /// // create unique index "mood_counts_mood" on "app"."mood_counts" ("mood");
    /// ```
    public func indexes(_ indexes: Index...) -> View {
        var copy = self
        copy.indexes = indexes
        return copy
    }

    /// `<view>_<columns>_idx` unless named, as for a table's index.
    public func name(of index: Index) -> String {
        index.name ?? "\(name)_\(index.columns.joined(separator: "_"))_idx"
    }
}
