/// What `rls check` should observe because of a hand-written ``Policy``: which of the fixture
/// rows (one owned by each test user) a role reaches with an operation.
///
/// ```swift
/// Policy("read own drafts", for: .select, to: [.authenticated], using: SQL(raw: "author_id = (select auth.uid())"))
///     .expects(.ownRows)
/// ```
public struct PolicyExpectation: Sendable, Hashable {
    /// Which rows the policy lets through.
    public enum Rows: String, Sendable, Hashable {
        /// Every fixture row: `using (true)`-like.
        case everyRow
        /// Only the row owned by the signed-in user (through the table's owner plan).
        case ownRows
        /// None: the policy never lets this role through.
        case noRows
    }

    /// The rows reached.
    public var rows: Rows
    /// The operations this applies to; empty means every operation of the policy's command.
    public var operations: [Operation]
    /// The roles this applies to; empty means every role the policy is `TO`.
    public var roles: [Role]

    /// Declares an expectation.
    public init(_ rows: Rows, operations: [Operation] = [], roles: [Role] = []) {
        self.rows = rows
        self.operations = operations
        self.roles = roles
    }

    /// Whether this expectation speaks about `role` doing `operation` under `policy`.
    public func covers(_ role: Role, _ operation: Operation, of policy: Policy) -> Bool {
        (roles.isEmpty ? policy.roles.flatMap(\.policyReach) : roles).contains(role)
            && (operations.isEmpty ? policy.command.operations : operations).contains(operation)
    }
}
