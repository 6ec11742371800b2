extension Table {
    /// The privileges each role holds with grant option, so it may grant them to other roles: among
    /// those the table grants it (its plans and policies, or ``grants(_:)``), and with `sequences:`
    /// among those on the sequences of its identity and serial columns. A column grant
    /// (``updatable(only:fileID:line:)``, ``insertable(only:fileID:line:)``) carries the option of
    /// its privilege.
    ///
    /// ```swift
    /// Table("note") { ... }
    ///     .grants([.authenticated: [.select, .insert], .serviceRole: Privilege.allTable])
    ///     .withGrantOption([.authenticated: [.select]])
    /// // grant insert on table "public"."note" to "authenticated";
    /// // grant select on table "public"."note" to "authenticated" with grant option;
    /// ```
    ///
    /// Taking a privilege out plans `revoke grant option for select on table "public"."note" from
    /// "authenticated";`, which leaves the role the privilege.
    public func withGrantOption(_ privileges: [Role: [Privilege]] = [:], sequences: [Role: [Privilege]] = [:]) -> Table {
        var copy = self
        copy.overrides.grantOptions = privileges.mapValues(Set.init)
        copy.overrides.sequenceGrantOptions = sequences.mapValues(Set.init)
        return copy
    }

    /// The privileges the table grants each role: ``grants(_:)`` when written out, else what the
    /// plans and policies imply (``privileges``).
    public var grantedPrivileges: [Role: Set<Privilege>] {
        overrides.grants ?? privileges.mapValues { Set($0.compactMap { Privilege(rawValue: $0.rawValue) }) }
    }

    /// The privileges on the sequence behind `column` (an identity or serial column): those of
    /// ``sequenceGrants(_:)`` when written out; else `usage` for the roles that may insert when
    /// `column` is serial (its default calls `nextval`), and none for an identity column (its values
    /// are drawn without a privilege check).
    public func grantedSequencePrivileges(of column: Column) -> [Role: Set<Privilege>] {
        if let grants = overrides.sequenceGrants { return grants }
        guard column.generation == .serial else { return [:] }
        return privileges.filter { $0.value.contains(.insert) }.mapValues { _ in [.usage] }
    }
}
