/// A hand-written RLS policy: the escape hatch for rules the access plans do not cover.
///
/// Its roles also receive the table privilege its command needs.
///
/// ```swift
/// Policy("moderators delete", for: .delete, to: [.authenticated],
///        using: SQL(raw: "(select auth.jwt() ->> 'user_role') = 'moderator'"))
/// // create policy "moderators delete" on "public"."listing" as permissive for delete
/// //   to authenticated using ((select auth.jwt() ->> 'user_role') = 'moderator');
/// ```
public struct Policy: Sendable, Hashable {
    /// The command a policy applies to.
    public enum Command: String, Sendable, Hashable, CaseIterable {
        /// `for all`
        case all
        /// `for select`
        case select
        /// `for insert`
        case insert
        /// `for update`
        case update
        /// `for delete`
        case delete

        /// The row operations the command covers.
        public var operations: [Operation] {
            switch self {
            case .all: Operation.allCases
            case .select: [.select]
            case .insert: [.insert]
            case .update: [.update]
            case .delete: [.delete]
            }
        }
    }

    /// The policy's name, unique per table.
    public var name: String
    /// The command it applies to.
    public var command: Command
    /// The roles it applies to (`to ...`).
    public var roles: [Role]
    /// `true` for `as permissive` (rows allowed by any permissive policy), `false` for `as restrictive`.
    public var isPermissive: Bool
    /// The `using (...)` condition: which existing rows are visible or affected.
    public var using: SQL?
    /// The `with check (...)` condition: which new rows may be written.
    public var withCheck: SQL?
    /// What `rls check` should observe because of this policy; empty means unverified (see ``expects(_:handOver:for:roles:)``).
    public var expectations: [PolicyExpectation] = []
    /// Why this policy reads user metadata on purpose (a production policy pulled as it is); nil:
    /// validation refuses it if it does (see ``readsUserMetadata(acknowledged:)``).
    public var userMetadataAcknowledgement: String?
    /// Why this policy has neither `using` nor `withCheck` on purpose (a production policy pulled as
    /// it is); nil: validation refuses it (see ``withoutCondition(acknowledged:)``).
    public var withoutConditionAcknowledgement: String?
    /// Where the policy was declared.
    public var source: DeclarationSite

    /// Declares a policy.
    public init(
        _ name: String, for command: Command = .all, to roles: [Role], restrictive: Bool = false,
        using: SQL? = nil, withCheck: SQL? = nil, fileID: String = #fileID, line: Int = #line
    ) {
        self.name = name
        self.command = command
        self.roles = roles
        self.isPermissive = !restrictive
        self.using = using
        self.withCheck = withCheck
        self.source = DeclarationSite(fileID: fileID, line: line)
    }
}
