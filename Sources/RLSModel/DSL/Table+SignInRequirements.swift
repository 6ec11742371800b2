extension Table {
    /// These operations need a two-factor sign-in: a restrictive policy per operation requires the
    /// JWT's `aal` claim to be `aal2`, on top of what the plan allows.
    ///
    /// ```swift
    /// .access(read: .authenticated, write: .owner(column: "seller_id"))
    /// .requiresMFA(for: [.delete])
    /// // create policy "delete_mfa" on "public"."listing" as restrictive for delete to "authenticated"
    /// //   using (((select auth.jwt()) ->> 'aal') = 'aal2');
    /// ```
    public func requiresMFA(for operations: [Operation] = Operation.allCases) -> Table {
        var copy = self
        copy.mfaOperations = Operation.allCases.filter { operations.contains($0) || mfaOperations.contains($0) }
        return copy
    }

    /// Anonymous sign-ins (which share the `authenticated` role) may not perform these operations:
    /// a restrictive policy per operation requires the JWT's `is_anonymous` claim to be false.
    ///
    /// ```swift
    /// .excludesAnonymousUsers(for: [.insert])
    /// // create policy "insert_not_anonymous" ... as restrictive for insert to "authenticated"
    /// //   with check (coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false) = false);
    /// ```
    public func excludesAnonymousUsers(for operations: [Operation] = Operation.allCases) -> Table {
        var copy = self
        copy.anonymousExcludedOperations = Operation.allCases.filter { operations.contains($0) || anonymousExcludedOperations.contains($0) }
        return copy
    }

    /// The restrictive requirements on `operation`, with the slug of their policy names.
    public func signInRequirements(_ operation: Operation) -> [SignInRequirement] {
        (mfaOperations.contains(operation) ? [.twoFactor] : []) + (anonymousExcludedOperations.contains(operation) ? [.notAnonymous] : [])
    }
}

/// Something the caller's sign-in must have, beyond what the plan says about rows.
public enum SignInRequirement: String, Sendable, Hashable, CaseIterable {
    /// A two-factor sign-in: `aal` = `aal2`.
    case twoFactor = "mfa"
    /// Not an anonymous sign-in: `is_anonymous` false.
    case notAnonymous = "not_anonymous"

    /// In words, for docs: "needs two-factor sign-in".
    public var words: String {
        switch self {
        case .twoFactor: "needs two-factor sign-in (aal2)"
        case .notAnonymous: "not for anonymous sign-ins"
        }
    }
}
