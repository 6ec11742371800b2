/// What a table does differently from what its access plans would make of it: the way to describe
/// an existing database as it is (RLS off, the legacy grants, no automatic index), each visible in
/// review and each reported by `rls lint` where it is unsafe.
public struct TableOverrides: Sendable, Hashable {
    /// False: `enable row level security` is not written (see ``Table/rowLevelSecurity(_:)``).
    public var rowLevelSecurity = true
    /// The exact table grants, replacing those the plans and policies imply; nil: implied.
    public var grants: [Role: Set<Privilege>]?
    /// The exact grants on the sequences of the table's identity and serial columns; nil: implied.
    public var sequenceGrants: [Role: Set<Privilege>]?
    /// The table privileges each role holds with grant option (``Table/withGrantOption(_:sequences:)``).
    public var grantOptions: [Role: Set<Privilege>] = [:]
    /// The sequence privileges each role holds with grant option, on the same sequences as ``sequenceGrants``.
    public var sequenceGrantOptions: [Role: Set<Privilege>] = [:]
    /// False: no index is added for owner and foreign-key columns.
    public var automaticIndexes = true

    /// No override: the table is exactly what its plans make of it.
    public init() {}
}

extension Table {
    /// `.rowLevelSecurity(false)`: leaves row level security off, as an existing table may have it.
    /// Every API role that holds a grant then reaches every row; `rls lint` reports it (`table-without-rls`).
    ///
    /// ```swift
    /// Table("country") { ... }.rowLevelSecurity(false)   // no "alter table ... enable row level security"
    /// ```
    public func rowLevelSecurity(_ enabled: Bool) -> Table {
        var copy = self
        copy.overrides.rowLevelSecurity = enabled
        return copy
    }

    /// The exact table grants, in place of those the access plans and policies imply: for a table whose
    /// grants are not what a plan gives, such as the legacy "all to anon and authenticated".
    ///
    /// ```swift
    /// .grants([.anon: Privilege.allTable, .authenticated: Privilege.allTable, .serviceRole: Privilege.allTable])
    /// // revoke all on table "public"."note" from "anon", "authenticated", "service_role";
    /// // grant select, insert, update, delete, truncate, references, trigger on table "public"."note" to "anon", "authenticated", "service_role";
    /// ```
    public func grants(_ grants: [Role: [Privilege]]) -> Table {
        var copy = self
        copy.overrides.grants = grants.mapValues(Set.init)
        return copy
    }

    /// The exact grants on the sequences behind the table's identity and serial columns (identity
    /// sequences otherwise get none; serial sequences `usage` for the roles that may insert).
    ///
    /// ```swift
    /// .sequenceGrants([.anon: Privilege.allSequence, .authenticated: Privilege.allSequence])
    /// // grant usage, select, update on sequence "public"."note_id_seq" to "anon", "authenticated";
    /// ```
    public func sequenceGrants(_ grants: [Role: [Privilege]]) -> Table {
        var copy = self
        copy.overrides.sequenceGrants = grants.mapValues(Set.init)
        return copy
    }

    /// `.automaticIndexes(false)`: no index for owner and foreign-key columns beyond those declared.
    /// `rls lint` reports an owner column without an index (`owner-column-without-index`).
    public func automaticIndexes(_ enabled: Bool) -> Table {
        var copy = self
        copy.overrides.automaticIndexes = enabled
        return copy
    }
}
