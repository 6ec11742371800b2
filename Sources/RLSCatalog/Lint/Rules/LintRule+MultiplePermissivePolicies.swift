import RLSModel

extension LintRule {
    /// `multiple-permissive-policies` (warning): two or more permissive policies apply to the same
    /// role and action on one table. Postgres evaluates every one of them for every row (they are
    /// OR-ed), which is slower than one policy and harder to review: a broad one silently wins.
    /// Policies on `storage.objects` that each start with `bucket_id = '…'` for different buckets do
    /// not overlap (one bucket's files never meet the other's condition), so only those of one bucket,
    /// plus any that pin no bucket, are counted together.
    ///
    ///     create policy "select_authenticated" on t for select to authenticated using (a or b);
    public static let multiplePermissivePolicies = LintRule(
        id: .multiplePermissivePolicies,
        summary: "Several permissive policies apply to one role and action on a table.", splinter: ["0006_multiple_permissive_policies"]
    ) { catalog in
        var findings: [LintFinding] = []
        for table in Set(catalog.policies.map(\.table)).sorted() {
            let permissive = catalog.policies(on: table).filter(\.permissive)
            let named = Set(permissive.flatMap(\.roles)).subtracting([.public])
            let everyone = named.union(Role.clientRoles)
            var rolesBySet: [PolicyGroup: [Role]] = [:]
            for action in ["SELECT", "INSERT", "UPDATE", "DELETE"] {
                for role in everyone.sorted(by: Role.byName) {
                    let applying = permissive.filter { policy in
                        (policy.command.rawValue == action || policy.command == .all)
                            && (policy.roles.contains(role) || policy.roles.contains(.public))
                    }
                    guard applying.count > 1 else { continue }
                    for group in overlapping(applying) {
                        rolesBySet[PolicyGroup(action: action, names: group.map(\.name).sorted()), default: []].append(role)
                    }
                }
            }
            for (group, roles) in rolesBySet.sorted(by: {
                ($0.key.action, $0.key.names.joined(separator: ",")) < ($1.key.action, $1.key.names.joined(separator: ","))
            }) {
                findings.append(
                    LintFinding(
                        rule: .multiplePermissivePolicies, level: .warning, object: table.description,
                        message:
                            "\(group.names.count) permissive policies apply to \(roles.map(\.name).joined(separator: ", ")) for \(group.action) "
                            + "on \(table) (\(group.names.joined(separator: ", "))): Postgres evaluates each for every row. Merge them "
                            + "into one policy whose condition ORs theirs, or make the extra ones RESTRICTIVE if they are meant to narrow.",
                        dslFix: "one access plan per operation: .access(read: …, write: …) compiles to one policy per role and action"
                    ))
            }
        }
        return findings
    }

    /// The sets of policies that apply to the same rows: all of them, or on `storage.objects` those
    /// per bucket (with the ones that pin none), each set of two or more once.
    private static func overlapping(_ policies: [Catalog.Policy]) -> [[Catalog.Policy]] {
        let pinned = policies.map { (policy: $0, bucket: pinnedBucket($0)) }
        let buckets = Set(pinned.compactMap(\.bucket))
        guard !buckets.isEmpty else { return [policies] }
        let unpinned = pinned.filter { $0.bucket == nil }.map(\.policy)
        var seen: Set<[String]> = []
        return buckets.sorted()
            .map { bucket in pinned.filter { $0.bucket == bucket }.map(\.policy) + unpinned }
            .filter { $0.count > 1 && seen.insert($0.map(\.name).sorted()).inserted }
    }

    /// The bucket a policy on `storage.objects` is limited to, when its condition is `bucket_id = '…'`
    /// and whatever else (as the server prints it: `((bucket_id = 'avatars'::text) AND …)`).
    static func pinnedBucket(_ policy: Catalog.Policy) -> String? {
        guard policy.table == QualifiedName(schema: "storage", name: "objects"),
            let expression = policy.using ?? policy.withCheck
        else { return nil }
        // The whole condition, or the first term of the top-level AND (two opening parentheses: a deeper
        // one would be inside an OR, which lets other rows through).
        let id =
            expression.wholeMatch(of: #/\(bucket_id = '((?:[^']|'')*)'::text\)/#)?.output.1
            ?? expression.prefixMatch(of: #/\(\(bucket_id = '((?:[^']|'')*)'::text\) AND /#)?.output.1
        return id.map { String($0).replacing("''", with: "'") }
    }
}
