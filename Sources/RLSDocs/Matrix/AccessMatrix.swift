import RLSModel

/// Who may do what with every table of a schema: the ``Outcome`` of each ``AccessCell``,
/// derived from the access plans and hand-written policies (``RLSModel/Schema/expectedAccess(of:role:_:)``).
///
/// ```swift
/// let matrix = AccessMatrix(ElectricRide.schema)
/// matrix.outcome(of: saved, .signedInUser, .select)   // .blocked: another user's saved rows stay hidden
/// matrix.outcome(of: saved, .rowOwner, .insert)       // .allowed
/// ```
public struct AccessMatrix: Sendable {
    /// The schema described.
    public let schema: Schema

    /// The matrix of `schema`.
    public init(_ schema: Schema) {
        self.schema = schema
    }

    /// What `caller` may do for `operation` on `table`.
    public func outcome(of table: Table, _ caller: Caller, _ operation: Operation) -> Outcome {
        let access = schema.expectedAccess(of: table, role: caller.role, operation)
        if caller == .rowOwner && ownerPath(of: table) == nil && membershipPath(of: table) == nil { return .notApplicable }
        // Visitors never hold a two-factor session: a restrictive aal2 policy blocks what the plan allows them.
        if caller == .anyone, table.mfaOperations.contains(operation), access != .denied { return .blocked }
        switch access {
        case .denied: return .refused
        case .allRows, .bypassesRLS: return .allowed
        case .ownRows: return caller == .rowOwner ? .allowed : .blocked
        // For group tables "the row's owner" is a member of the row's group in a role the plan names.
        case .memberRows: return caller == .rowOwner ? .allowed : .blocked
        // Neither a visitor nor an ordinary signed-in user holds the app role the plan names.
        case .appRoleRows: return .blocked
        case .custom(let planned, let policies):
            let plannedName = planned == nil ? [] : [table.planPolicyName(operation)].compactMap { $0 }
            return .custom(policies: plannedName + policies.map(\.name))
        }
    }

    /// The outcome of one cell; ``Outcome/notApplicable`` for a table the schema does not declare.
    public func outcome(of cell: AccessCell) -> Outcome {
        guard let table = schema.table(cell.table) else { return .notApplicable }
        return outcome(of: table, cell.caller, cell.operation)
    }

    /// How a table's rows lead to their owner, nil when no plan names an owner.
    public func ownerPath(of table: Table) -> OwnerPath? {
        guard let plan = schema.ownerPlan(of: table) else { return nil }
        return try? schema.ownerPath(of: table, plan: plan)
    }

    /// How a table's rows lead to their group, nil when no plan names one.
    public func membershipPath(of table: Table) -> MembershipPath? {
        guard let plan = schema.membersPlan(of: table) else { return nil }
        return try? schema.membershipPath(of: table, plan: plan)
    }

    /// Every cell a probe can prove (all but ``Outcome/notApplicable``), in declaration order of
    /// the tables, then caller, then operation: what `rls check` is asked to prove.
    public var provableCells: [AccessCell] {
        schema.tables.flatMap { table in
            Caller.allCases.flatMap { caller in
                Operation.allCases.compactMap { operation in
                    outcome(of: table, caller, operation).isProvable
                        ? AccessCell(table.qualifiedName, caller, operation) : nil
                }
            }
        }
    }
}
