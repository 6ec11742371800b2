extension Function {
    /// The roles that hold EXECUTE with grant option, so they may grant it to other roles; each must
    /// be among ``executableBy``.
    ///
    /// ```swift
    /// Function("add_one", arguments: "integer", definition: SQL(raw: "..."), executableBy: [.anon, .authenticated])
    ///     .withGrantOption(execute: [.authenticated])
    /// // grant execute on function "public"."add_one"(integer) to "anon";
    /// // grant execute on function "public"."add_one"(integer) to "authenticated" with grant option;
    /// ```
    public func withGrantOption(execute roles: [Role]) -> Function {
        var copy = self
        copy.executeWithGrantOption = roles
        return copy
    }
}
