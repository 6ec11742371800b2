extension LintRule {
    /// `multiple-permissive-policies` (warning): two or more permissive policies apply to the same
    /// role and action on one table. Postgres evaluates every one of them for every row (they are
    /// OR-ed), which is slower than one policy and harder to review: a broad one silently wins.
    ///
    ///     create policy "select_authenticated" on t for select to authenticated using (a or b);
    public static let multiplePermissivePolicies = LintRule(
        id: "multiple-permissive-policies",
        summary: "Several permissive policies apply to one role and action on a table.", splinter: ["0006_multiple_permissive_policies"]
    ) { catalog in
        var findings: [LintFinding] = []
        for table in Set(catalog.policies.map(\.table)).sorted() {
            let permissive = catalog.policies(on: table).filter(\.permissive)
            let named = Set(permissive.flatMap(\.roles)).subtracting(["public"])
            let everyone = named.union(["anon", "authenticated"])
            var rolesBySet: [PolicyGroup: [String]] = [:]
            for action in ["SELECT", "INSERT", "UPDATE", "DELETE"] {
                for role in everyone.sorted() {
                    let applying = permissive.filter { policy in
                        (policy.command.rawValue == action || policy.command == .all)
                            && (policy.roles.contains(role) || policy.roles.contains("public"))
                    }
                    guard applying.count > 1 else { continue }
                    rolesBySet[PolicyGroup(action: action, names: applying.map(\.name).sorted()), default: []].append(role)
                }
            }
            for (group, roles) in rolesBySet.sorted(by: { ($0.key.action, $0.key.names.joined(separator: ",")) < ($1.key.action, $1.key.names.joined(separator: ",")) }) {
                findings.append(LintFinding(
                    rule: "multiple-permissive-policies", level: .warning, object: table.description,
                    message: "\(group.names.count) permissive policies apply to \(roles.joined(separator: ", ")) for \(group.action) "
                        + "on \(table) (\(group.names.joined(separator: ", "))): Postgres evaluates each for every row. Merge them "
                        + "into one policy whose condition ORs theirs, or make the extra ones RESTRICTIVE if they are meant to narrow.",
                    dslFix: "one access plan per operation: .access(read: …, write: …) compiles to one policy per role and action"
                ))
            }
        }
        return findings
    }
}
