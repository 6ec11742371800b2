import RLSModel

extension AccessMatrix {
    /// The plain sentences about `table`: operations with the same outcomes for anyone, a signed-in
    /// user and the row's owner share one sentence; the service role gets the last one.
    ///
    /// For `saved`: "Only the signed-in user whose id is the row's `profile_id` can see, add, change or
    /// remove a row; nobody can add a row for someone else or change one to belong to someone else."
    public func sentences(for table: Table, writtenByRoutines: Bool = false) -> [AccessSentence] {
        let users: [Caller] = [.anyone, .signedInUser, .rowOwner]
        var groups: [(outcomes: [Outcome], operations: [Operation], roles: [String]?)] = []
        for operation in Operation.allCases {
            let outcomes = users.map { outcome(of: table, $0, operation) }
            let roles = memberRoles(table, operation)
            if let index = groups.firstIndex(where: { $0.outcomes == outcomes && $0.roles == roles }) {
                groups[index].operations.append(operation)
            } else {
                groups.append((outcomes, [operation], roles))
            }
        }
        let provableUsers = { (outcomes: [Outcome]) in zip(users, outcomes).filter { $0.1.isProvable }.map(\.0) }
        var result = groups.map { group in
            AccessSentence(
                operations: group.operations, callers: provableUsers(group.outcomes),
                text: sentence(table, group.operations, group.outcomes, writtenByRoutines: writtenByRoutines))
        }
        for requirement in SignInRequirement.allCases {
            let operations = Operation.allCases.filter {
                table.signInRequirements($0).contains(requirement) && !table.access[$0].policyRoles.isEmpty
            }
            guard !operations.isEmpty else { continue }
            let text =
                switch requirement {
                case .twoFactor:
                    "Needs two-factor sign-in (aal2) to \(operations.verbs) a row: a session signed in with a password or link alone is refused."
                case .notAnonymous: "Anonymous sign-ins cannot \(operations.verbs) rows: the user must have a permanent account."
                }
            result.append(AccessSentence(operations: operations, callers: [.signedInUser, .rowOwner], text: text))
        }
        for operation in [Operation.insert, .update] {
            guard let columns = table.writableColumns(operation),
                users.contains(where: { outcome(of: table, $0, operation) == .allowed })
            else { continue }
            let names = listed(columns.map(\.markdownCode))
            let text =
                operation == .update
                ? "Only \(names) can be changed; the app's users have no privilege on the other columns."
                : "A new row can set only \(names); the other columns take their defaults."
            result.append(
                AccessSentence(operations: [operation], callers: users.filter { outcome(of: table, $0, operation) == .allowed }, text: text)
            )
        }
        let serviceOperations = Operation.allCases.filter { outcome(of: table, .serviceRole, $0) == .allowed }
        if !serviceOperations.isEmpty {
            result.append(
                AccessSentence(
                    operations: serviceOperations, callers: [.serviceRole],
                    text: "The service role (the backend's secret key) can \(listed(serviceOperations.map(\.verb))) every row;"
                        + " it bypasses row-level security."))
        }
        let refusedToService = Operation.allCases.filter { outcome(of: table, .serviceRole, $0) == .refused }
        if !refusedToService.isEmpty && !serviceOperations.isEmpty {
            result.append(
                AccessSentence(
                    operations: refusedToService, callers: [.serviceRole],
                    text: "The service role cannot \(refusedToService.verbs) rows: it has no privilege to."))
        }
        return result
    }

    private func sentence(
        _ table: Table, _ operations: [Operation], _ outcomes: [Outcome], writtenByRoutines: Bool
    ) -> String {
        let (anyone, signedIn, owner) = (outcomes[0], outcomes[1], outcomes[2])
        let verbs = operations.verbs
        let policies = outcomes.flatMap { outcome -> [String] in
            if case .custom(let names) = outcome { return names }
            return []
        }
        if !policies.isEmpty {
            let names = listed(Array(Set(policies)).sorted().map(\.markdownCode))
            return "Who can \(verbs) rows is decided by the hand-written \(policies.count == 1 ? "policy" : "policies") \(names);"
                + " read \(Set(policies).count == 1 ? "its" : "their") SQL below."
        }
        if anyone == .allowed && signedIn == .allowed {
            return "Anyone, signed in or not, can \(verbs) every row."
        }
        if signedIn == .allowed {
            return "Any signed-in user can \(verbs) every row; visitors who are not signed in cannot."
        }
        if case .appRoleRows(let roles) = schema.expectedAccess(of: table, role: .authenticated, operations[0]) {
            return "Only signed-in users whose app role (`app_metadata.role`, which only the server sets) is \(roles.joinedWithOr)"
                + " can \(verbs) rows; other users cannot\(anyone == .refused ? "" : ", nor can visitors who are not signed in")."
        }
        if signedIn == .blocked && owner == .allowed,
            case .memberRows(let path) = schema.expectedAccess(of: table, role: .authenticated, operations[0])
        {
            return memberSentence(table, path, operations, anyoneRefused: anyone == .refused)
        }
        if signedIn == .blocked && owner == .allowed, let path = ownerPath(of: table) {
            var text = "Only \(path.owner) can \(verbs) a row"
            var limits: [String] = []
            if operations.contains(.insert) { limits.append("add a row for someone else") }
            if operations.contains(.update) {
                limits.append(limits.isEmpty ? "change a row to belong to someone else" : "change one to belong to someone else")
            }
            if operations == [.select] { text += "; other users see none of them" }
            if !limits.isEmpty { text += "; nobody can \(limits.joined(separator: " or "))" }
            if anyone != .refused { text += "; visitors who are not signed in cannot either" }
            return text + "."
        }
        guard [anyone, signedIn, owner].allSatisfy({ $0 != .allowed }) else {
            let parts = zip([Caller.anyone, .signedInUser, .rowOwner], outcomes).filter { $0.1.isProvable }
                .map { "\($0.0): \($0.1.words)" }
            return "To \(verbs) a row: \(parts.joined(separator: "; "))."
        }
        let serviceCan = operations.allSatisfy { outcome(of: table, .serviceRole, $0) == .allowed }
        var text =
            serviceCan
            ? "Only the service role (the backend) can \(verbs) rows; the app's users cannot."
            : "Nobody can \(verbs) rows through the API."
        if writtenByRoutines && operations.contains(where: { $0 != .select }) && !serviceCan {
            text += " The functions and triggers below still write to it."
        }
        return text
    }

    /// The roles a members plan names for `operation` (empty: any member), nil for other plans.
    private func memberRoles(_ table: Table, _ operation: Operation) -> [String]? {
        if case .members(_, _, let roles) = table.access[operation] { return roles }
        if case .appRole(let roles) = table.access[operation] { return ["app role"] + roles }
        return nil
    }

    /// "Only members of the row's dealership with role admin or owner can remove a row; ..."
    private func memberSentence(_ table: Table, _ path: MembershipPath, _ operations: [Operation], anyoneRefused: Bool) -> String {
        let group = path.membership.group.name.replacingOccurrences(of: "_", with: " ")
        let isGroup = path.isGroup(table)
        var text = "Only \(path.members(of: table)) can \(operations.verbs) \(isGroup ? "it" : "a row")"
        var limits: [String] = []
        let qualified =
            path.roles.isEmpty
            ? "they are not a member of" : "where they do not hold \(path.roles.count == 1 ? "that role" : "one of these roles")"
        if !isGroup && operations.contains(.insert) { limits.append("add a row to a \(group) \(qualified)") }
        if !isGroup && operations.contains(.update) {
            limits.append(limits.isEmpty ? "move a row into a \(group) \(qualified)" : "move a row into one")
        }
        if operations == [.select] { text += "; everyone else sees none of them" }
        if !limits.isEmpty { text += "; nobody can \(limits.joined(separator: " or "))" }
        if !anyoneRefused { text += "; visitors who are not signed in cannot either" }
        return text + "."
    }
}
