extension Policy {
    /// Acknowledges that this policy decides access from user metadata, as a production policy may:
    /// validation then accepts it instead of refusing it (``UserMetadata``), and the reason stays in
    /// the Swift for review. No SQL changes, and `rls lint` still reports the policy
    /// (`user-metadata-in-policy`) until it reads `app_metadata` instead. `rls pull` writes it.
    ///
    /// ```swift
    /// Policy("admins read", for: .select, to: [.authenticated],
    ///        using: SQL(raw: "((auth.jwt() -> 'user_metadata'::text) ->> 'role'::text) = 'admin'::text"))
    ///     .readsUserMetadata(acknowledged: "production policy, pulled as it is; rls lint reports it")
    /// ```
    public func readsUserMetadata(acknowledged reason: String) -> Policy {
        var copy = self
        copy.userMetadataAcknowledgement = reason
        return copy
    }

    /// Whether `using` or `withCheck` reads user metadata (``UserMetadata/isRead(by:)``).
    public var readsUserMetadata: Bool {
        [using, withCheck].contains { $0.map { UserMetadata.isRead(by: $0.text) } ?? false }
    }
}
