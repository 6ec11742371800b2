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

    /// Whether the signed-in user may give their own row away with UPDATE (rewrite its owner
    /// column to someone else), which `rls check` probes on tables with an owner or members plan.
    public enum HandOver: String, Sendable, Hashable {
        /// The policy's `with check` lets the rewritten row through.
        case allowed
        /// The policy's `with check` refuses it (SQLSTATE 42501, "new row violates row-level security policy").
        case denied
    }

    /// The rows reached.
    public var rows: Rows
    /// Whether giving one's own row away gets through; nil: what ``rows`` implies
    /// (``Rows/everyRow`` allows it, ``Rows/ownRows`` and ``Rows/noRows`` refuse it).
    public var handOver: HandOver?
    /// The operations this applies to; empty means every operation of the policy's command.
    public var operations: [Operation]
    /// The roles this applies to; empty means every role the policy is `TO`.
    public var roles: [Role]

    /// Declares an expectation.
    public init(_ rows: Rows, handOver: HandOver? = nil, operations: [Operation] = [], roles: [Role] = []) {
        self.rows = rows
        self.handOver = handOver
        self.operations = operations
        self.roles = roles
    }

    /// Whether giving one's own row away gets through: declared, or what ``rows`` implies.
    public var handsOver: HandOver {
        handOver ?? (rows == .everyRow ? .allowed : .denied)
    }

    /// Whether this expectation speaks about `role` doing `operation` under `policy`.
    public func covers(_ role: Role, _ operation: Operation, of policy: Policy) -> Bool {
        (roles.isEmpty ? policy.roles.flatMap(\.policyReach) : roles).contains(role)
            && (operations.isEmpty ? policy.command.operations : operations).contains(operation)
    }
}
