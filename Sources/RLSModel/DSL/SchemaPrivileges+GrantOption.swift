extension SchemaPrivileges {
    /// The roles that hold their usage, or their create privilege, with grant option: they may
    /// grant it to other roles. Each must be among the roles ``usage`` (or ``create``) lists.
    ///
    /// ```swift
    /// SchemaPrivileges("app", usage: [.anon, .authenticated]).withGrantOption(usage: [.authenticated])
    /// // create schema if not exists "app";
    /// // grant usage on schema "app" to "anon";
    /// // grant usage on schema "app" to "authenticated" with grant option;
    /// ```
    ///
    /// Taking a role out of the list (and keeping it in ``usage``) plans
    /// `revoke grant option for usage on schema "app" from "authenticated";`, which leaves it usage.
    public func withGrantOption(usage: [Role] = [], create: [Role] = []) -> SchemaPrivileges {
        var copy = self
        copy.usageWithGrantOption = usage
        copy.createWithGrantOption = create
        return copy
    }
}
