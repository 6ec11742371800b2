import RLSModel
import RLSSQL

extension PolicyCatalog {
    /// The grant, RLS switch and policies behind a mismatch, in words, most telling first.
    func explain(_ result: CheckedProbe<Probe>, in table: Table, of schema: Schema) -> [String] {
        let probe = result.probe
        let role = probe.persona.role
        let operation = probe.operation
        var lines: [String] = []
        if rlsEnabled[probe.table] == false {
            lines.append(
                "row level security is disabled on \(probe.table): every role holding a grant reaches every row "
                    + "(alter table \(probe.table) enable row level security)")
        }
        let held = privileges[probe.table]?[role]?.contains(operation) ?? false
        let expectedDenied = result.expected == .outcome(.deniedByGrant)
        if probe.layer == .asDeployed, case .schemaUsage(let schema)? = result.observed.refusal, !expectedDenied {
            lines.append("\(role) lacks USAGE on schema \(schema ?? probe.table.schema), so no grant on \(probe.table) reaches it")
        } else if probe.layer == .asDeployed, result.observed.refusal?.isMissingPrivilege == true, !expectedDenied {
            lines.append("\(role) lacks the \(operation.rawValue.uppercased()) privilege on \(probe.table), which the schema grants")
        } else if probe.layer == .asDeployed, expectedDenied, held {
            lines.append(
                "\(role) holds the \(operation.rawValue.uppercased()) privilege on \(probe.table), which the schema does not grant "
                    + "(revoke \(operation) on \(probe.table) from \(role))")
        }
        let declared = declaredRoles(of: table)
        let compiled = Dictionary(
            compiledPolicies(of: table, in: schema).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let relevant = policies.filter { $0.table == probe.table && $0.applies(to: role, operation) }
        for policy in relevant.sorted(by: { declared[$0.name] == nil && declared[$1.name] != nil }) {
            var line = policy.summary
            if let roles = declared[policy.name] {
                if Set(roles) != Set(policy.roles) {
                    line += ": the schema declares it to \(roles.sorted().joined(separator: ", "))"
                } else if let intended = compiled[policy.name],
                    Self.loose(intended.using) != Self.loose(policy.using) || Self.loose(intended.withCheck) != Self.loose(policy.withCheck)
                {
                    line +=
                        ": the schema declares" + (intended.using.map { " using (\($0.singleLine))" } ?? "")
                        + (intended.withCheck.map { " with check (\($0.singleLine))" } ?? "")
                }
            } else {
                line += ": not declared in the schema"
            }
            lines.append(line)
        }
        if relevant.isEmpty, rlsEnabled[probe.table] != false, probe.layer == .asDeployed, held {
            lines.append("no policy on \(probe.table) applies to \(role) for \(operation.rawValue.uppercased())")
        }
        return lines
    }

    /// An expression with the server's normalisation undone, roughly: no quotes, parentheses,
    /// whitespace, `public.` prefixes or `AS` aliases, lower case.
    static func loose(_ expression: String?) -> String? {
        guard let expression else { return nil }
        var text = expression.lowercased().replacingOccurrences(of: " as ", with: " ").replacingOccurrences(of: "public.", with: "")
        text.removeAll { " \n\t\"()".contains($0) }
        return text.replacingOccurrences(of: "selectauth.uiduid", with: "selectauth.uid")
    }

    /// Policy names the schema declares on `table`, with their roles.
    private func declaredRoles(of table: Table) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for operation in Operation.allCases {
            if let name = table.planPolicyName(operation) {
                result[name] = table.access[operation].policyRoles.map(\.name)
            }
        }
        for policy in table.policies { result[policy.name] = policy.roles.map(\.name) }
        return result
    }
}
