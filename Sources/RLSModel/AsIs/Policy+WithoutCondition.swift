extension Policy {
    /// Acknowledges that this policy has neither `using` nor `withCheck`, as a production policy may
    /// (`create policy "p" on t`): validation then accepts it instead of asking for an explicit
    /// condition, and the reason stays in the Swift for review. No SQL changes. `rls pull` writes it.
    ///
    /// ```swift
    /// Policy("placeholder", for: .select, to: [.authenticated])
    ///     .withoutCondition(acknowledged: "production policy, pulled as it is; ...")
    /// ```
    public func withoutCondition(acknowledged reason: String) -> Policy {
        var copy = self
        copy.withoutConditionAcknowledgement = reason
        return copy
    }
}
