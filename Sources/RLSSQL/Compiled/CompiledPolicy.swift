import RLSModel

/// A policy exactly as it is created: generated from an access plan or written by hand.
///
/// ```sql
/// create policy "update_owner" on "public"."listing"
///   as permissive
///   for update
///   to "authenticated"
///   using ("seller_id" = (select auth.uid()))
///   with check ("seller_id" = (select auth.uid()));
/// ```
public struct CompiledPolicy: Sendable, Hashable {
    /// The policy's name.
    public var name: String
    /// The table it is on.
    public var table: TableName
    /// `for all`, `for select`, ...
    public var command: Policy.Command
    /// `to ...`
    public var roles: [Role]
    /// Permissive (default) or restrictive.
    public var isPermissive: Bool
    /// The `using` expression, without its parentheses.
    public var using: String?
    /// The `with check` expression, without its parentheses.
    public var withCheck: String?
    /// The plan it was generated from; nil for hand-written policies.
    public var plan: AccessPlan?

    /// Creates a policy as it is created; `using` and `withCheck` without their parentheses.
    public init(
        name: String, table: TableName, command: Policy.Command, roles: [Role], isPermissive: Bool = true,
        using: String? = nil, withCheck: String? = nil, plan: AccessPlan? = nil
    ) {
        self.name = name
        self.table = table
        self.command = command
        self.roles = roles
        self.isPermissive = isPermissive
        self.using = using
        self.withCheck = withCheck
        self.plan = plan
    }

    /// The `create policy` statement: the one writer of it, for rendering and the change plan alike.
    public var sql: String {
        var lines = [
            "create policy \(quoteIdentifier(name)) on \(table.sql)",
            "  as \(isPermissive ? "permissive" : "restrictive")",
            "  for \(command.rawValue)",
            "  to \(roles.sqlList)",
        ]
        if let using { lines.append("  using (\(using))") }
        if let withCheck { lines.append("  with check (\(withCheck))") }
        return lines.joined(separator: "\n") + ";"
    }
}

/// The policies a table gets: one per operation whose plan concerns the API roles
/// (so one permissive policy per role and action), then the hand-written ones.
public func compiledPolicies(of table: Table, in schema: Schema) -> [CompiledPolicy] {
    var result: [CompiledPolicy] = []
    for operation in Operation.allCases {
        let plan = table.access[operation]
        guard let name = table.planPolicyName(operation),
            let condition = schema.rowCondition(plan, on: table)
        else { continue }
        let using = operation == .insert ? nil : condition
        let withCheck = operation == .insert || operation == .update ? condition : nil
        result.append(
            CompiledPolicy(
                name: name, table: table.qualifiedName, command: Policy.Command(rawValue: operation.rawValue)!,
                roles: plan.policyRoles, isPermissive: true, using: using, withCheck: withCheck, plan: plan))
    }
    for operation in Operation.allCases {
        let roles = table.access[operation].policyRoles
        guard !roles.isEmpty else { continue }
        for requirement in table.signInRequirements(operation) {
            let condition =
                switch requirement {
                // `(select auth.jwt())` is evaluated once per statement, and splinter's 0003 sees it is.
                case .twoFactor: "((select auth.jwt()) ->> 'aal') = 'aal2'"
                case .notAnonymous: "coalesce(((select auth.jwt()) ->> 'is_anonymous')::boolean, false) = false"
                }
            result.append(
                CompiledPolicy(
                    name: "\(operation)_\(requirement.rawValue)", table: table.qualifiedName,
                    command: Policy.Command(rawValue: operation.rawValue)!, roles: roles, isPermissive: false,
                    using: operation == .insert ? nil : condition,
                    withCheck: operation == .insert || operation == .update ? condition : nil, plan: nil))
        }
    }
    for policy in table.policies {
        result.append(
            CompiledPolicy(
                name: policy.name, table: table.qualifiedName, command: policy.command, roles: policy.roles,
                isPermissive: policy.isPermissive, using: policy.using?.text, withCheck: policy.withCheck?.text, plan: nil))
    }
    return result
}
