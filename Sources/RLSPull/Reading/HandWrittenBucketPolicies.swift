import RLSCatalog
import RLSModel
import RLSSQL

/// The plans that policies written by hand on `storage.objects` (in the dashboard's style, under
/// names of their own) mean for one bucket, when each has a shape pull recognises: the bucket alone
/// (public read, or any signed-in user), the owner's folder (`(storage.foldername(name))[1] =
/// auth.uid()::text`), or a folder per row (`(storage.foldername(name))[1]::uuid in (select id from
/// t where t.owner = auth.uid())`), as the server prints them.
enum HandWrittenBucketPolicies {
    /// The plan per operation of `policies` (all of them naming `bucket`), or what pull does not recognise.
    static func plans(_ policies: [Catalog.Policy], bucket: String, tables: [Catalog.Table]) -> Result<[Operation: StoragePlan], BucketNote>
    {
        var plans: [Operation: StoragePlan] = [:]
        for policy in policies {
            guard let plan = plan(of: policy, bucket: bucket, tables: tables) else {
                return .failure(
                    BucketNote(
                        "its hand-written policy \(policy.name) has a shape pull does not recognise (the bucket alone, the owner's "
                            + "folder, a folder per row)"))
            }
            for operation in operations(of: policy.command) {
                guard let widest = widest(plans[operation], plan) else {
                    return .failure(
                        BucketNote("its hand-written policies for \(operation) mean different plans (\(policy.name) among them)"))
                }
                plans[operation] = widest
            }
        }
        return .success(plans)
    }

    /// The operations a policy's command covers.
    static func operations(of command: Catalog.Policy.Command) -> [Operation] {
        command == .all ? Operation.allCases : Operation.allCases.filter { $0.rawValue.uppercased() == command.rawValue }
    }

    /// The plan one policy means, or nil.
    static func plan(of policy: Catalog.Policy, bucket: String, tables: [Catalog.Table]) -> StoragePlan? {
        guard policy.permissive else { return nil }
        let using = policy.using.map(normalized)
        let check = policy.withCheck.map(normalized)
        let expression: String
        switch policy.command {
        case .insert:
            guard let check else { return nil }
            expression = check
        case .select, .delete:
            guard let using, check == nil else { return nil }
            expression = using
        case .update, .all:
            guard let using, check == nil || check == using else { return nil }
            expression = using
        }
        var parts = conjuncts(expression)
        guard let inBucket = parts.firstIndex(of: "bucket_id = \(quoteLiteral(bucket))::text") else { return nil }
        parts.remove(at: inBucket)
        let roles = Set(policy.roles)
        let signedIn = roles == [.authenticated] || roles == [.public]
        switch parts.count {
        case 0:
            if roles == [.public] || roles == Set(Role.clientRoles) { return .public }
            return roles == [.authenticated] ? .authenticated : nil
        case 1 where signedIn:
            if ownerFolder.contains(parts[0]) { return .ownerFolder }
            return rowFolder(parts[0], tables: tables)
        default:
            return nil
        }
    }

    /// `auth.uid()` as the server prints it, bare or as the `(select auth.uid())` initplan.
    private static let uid = ["auth.uid()", "( SELECT auth.uid() AS uid)"]

    /// The owner's folder: the first folder of the file's name is the user's id.
    private static let ownerFolder: Set<String> = Set(
        uid.flatMap { uid in
            let folder = "(storage.foldername(name))[1]"
            let user = "(\(uid))::text"
            return ["\(folder) = \(user)", "\(user) = \(folder)"]
        })

    /// `((storage.foldername(name))[1])::uuid IN ( SELECT t.id FROM t WHERE (t.owner = auth.uid()))`:
    /// folders named by the primary key of rows the user owns.
    private static func rowFolder(_ condition: String, tables: [Catalog.Table]) -> StoragePlan? {
        let prefix = "((storage.foldername(name))[1])::uuid IN ( SELECT "
        guard condition.hasPrefix(prefix), condition.hasSuffix(")") else { return nil }
        let query = condition.dropFirst(prefix.count).dropLast()
        let words = query.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        // t.id FROM [schema.]t WHERE (t.owner = auth.uid())
        guard words.count >= 6, words[1] == "FROM", words[3] == "WHERE" else { return nil }
        let selected = words[0].split(separator: ".").map(String.init)
        let from = words[2].split(separator: ".").map(String.init)
        guard selected.count == 2, from.count <= 2, selected[0] == from.last else { return nil }
        let schema = from.count == 2 ? from[0] : SupabaseSchemas.public
        guard let table = tables.first(where: { $0.name.schema == schema && $0.name.name == from.last }),
            table.constraints.contains(where: { $0.kind == .primaryKey && $0.definition == "PRIMARY KEY (\(selected[1]))" }),
            table.columns.first(where: { $0.name == selected[1] })?.type == "uuid"
        else { return nil }
        let filter = words[4...].joined(separator: " ")
        for uid in uid {
            for (left, right) in [("(\(selected[0]).", " = \(uid))"), ("(\(uid) = \(selected[0]).", ")")] {
                guard filter.hasPrefix(left), filter.hasSuffix(right) else { continue }
                let column = String(filter.dropFirst(left.count).dropLast(right.count))
                guard table.columns.contains(where: { $0.name == column }) else { continue }
                return .rowFolder(table: TableName(schema: schema, name: table.name.name), plans: [.owner(column: column)])
            }
        }
        return nil
    }

    /// The wider of two plans for one operation, when one includes the other.
    private static func widest(_ current: StoragePlan?, _ plan: StoragePlan) -> StoragePlan? {
        guard let current, current != plan else { return plan }
        func rank(_ plan: StoragePlan) -> Int { plan == .public ? 2 : plan == .authenticated ? 1 : 0 }
        if rank(current) == rank(plan) { return nil }
        return rank(current) > rank(plan) ? current : plan
    }

    /// Runs of white space as one space (the server breaks subqueries over lines).
    private static func normalized(_ expression: String) -> String {
        expression.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The operands of a top-level AND chain, each without its enclosing parentheses.
    static func conjuncts(_ expression: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        var rest = Substring(unwrapped(expression))
        while let character = rest.first {
            if depth == 0, rest.hasPrefix(" AND ") {
                parts.append(unwrapped(current))
                current = ""
                rest = rest.dropFirst(5)
                continue
            }
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            current.append(character)
            rest = rest.dropFirst()
        }
        parts.append(unwrapped(current))
        return parts.count == 1 ? [unwrapped(expression)] : parts
    }

    /// `expression` without parentheses that enclose all of it.
    private static func unwrapped(_ expression: String) -> String {
        var text = Substring(expression)
        while text.hasPrefix("("), text.hasSuffix(")"), encloses(text) { text = text.dropFirst().dropLast() }
        return String(text)
    }

    /// Whether the first parenthesis of `text` closes at its last character.
    private static func encloses(_ text: Substring) -> Bool {
        var depth = 0
        for (offset, character) in text.enumerated() {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if depth == 0 { return offset == text.count - 1 }
        }
        return false
    }
}
