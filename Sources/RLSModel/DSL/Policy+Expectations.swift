extension Policy {
    /// Says what `rls check` must observe because of this policy; a policy without any
    /// expectation is reported as unverified rather than passed.
    ///
    /// ```swift
    /// Policy("anyone reads published", for: .select, to: [.anon, .authenticated],
    ///        using: SQL(raw: "published")).expects(.everyRow)
    /// Policy("owner edits", for: .all, to: [.authenticated], using: SQL(raw: "owner_id = (select auth.uid())"))
    ///     .expects(.ownRows)
    /// Policy("owner passes notes on", for: .update, to: [.authenticated],
    ///        using: SQL(raw: "author_id = (select auth.uid())"), withCheck: SQL(raw: "true"))
    ///     .expects(.ownRows, handOver: .allowed)   // its own rows, and it may give them away
    /// ```
    public func expects(
        _ rows: PolicyExpectation.Rows, handOver: PolicyExpectation.HandOver? = nil,
        for operations: [Operation] = [], roles: [Role] = []
    ) -> Policy {
        var copy = self
        copy.expectations.append(PolicyExpectation(rows, handOver: handOver, operations: operations, roles: roles))
        return copy
    }

    /// The expectation this policy declares for `role` and `operation`, if any (the last one written wins).
    public func expectation(for role: Role, _ operation: Operation) -> PolicyExpectation.Rows? {
        expectations.last { $0.covers(role, operation, of: self) }?.rows
    }

    /// Whether this policy lets `role` give its own row away with `operation`, if it declares an
    /// expectation for them (the last one written wins).
    public func handOverExpectation(for role: Role, _ operation: Operation) -> PolicyExpectation.HandOver? {
        expectations.last { $0.covers(role, operation, of: self) }?.handsOver
    }
}
