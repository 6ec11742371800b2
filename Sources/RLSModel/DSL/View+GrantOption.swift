extension View {
    /// The privileges each role holds with grant option, so it may grant them to other roles: among
    /// those the view grants it (`select` for ``readableBy`` and `service_role`, or ``grants(_:)``).
    ///
    /// ```swift
    /// View("note_titles", readableBy: [.authenticated], query: SQL(raw: "select id, title from public.note"))
    ///     .withGrantOption([.authenticated: [.select]])
    /// // grant select on table "public"."note_titles" to "service_role";
    /// // grant select on table "public"."note_titles" to "authenticated" with grant option;
    /// ```
    public func withGrantOption(_ privileges: [Role: [Privilege]]) -> View {
        var copy = self
        copy.grantOptions = privileges.mapValues(Set.init)
        return copy
    }

    /// The privileges the view grants each role: ``grants`` when written out, else `select` for
    /// ``readableBy`` and `service_role`.
    public var grantedPrivileges: [Role: Set<Privilege>] {
        grants ?? Dictionary(uniqueKeysWithValues: Set(readableBy + [.serviceRole]).map { ($0, [Privilege.select]) })
    }
}
