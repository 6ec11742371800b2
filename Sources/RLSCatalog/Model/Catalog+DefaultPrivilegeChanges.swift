import RLSModel

extension Catalog {
    /// The `alter default privileges` statements that take a database whose default privileges are
    /// `current` to `desired`: for each role, schema (or global) and kind of object, the privileges
    /// `desired` holds beyond `current` granted, those it lacks revoked.
    ///
    /// A global entry replaces Postgres's built-in default (the owner's own privileges, and PUBLIC's
    /// `EXECUTE` on functions and `USAGE` on types), so an absent global entry compares as that
    /// default; `alter default privileges revoke execute on functions from public` is one revoke. A
    /// per-schema entry adds to the global one, and its entry for the creating role itself changes
    /// nothing, so such entries are left out. Entries of Supabase's own roles, or of a role the
    /// connected one is not a member of, are never compared: no migration it runs could change them.
    ///
    ///     Catalog.defaultPrivilegeChanges(from: fresh.defaultPrivileges, to: live.defaultPrivileges)
    ///     // [DefaultPrivilege.revoke(.execute, on: .functions, from: .public)]
    public static func defaultPrivilegeChanges(from current: [DefaultPrivilege], to desired: [DefaultPrivilege]) -> [RLSModel
        .DefaultPrivilege]
    {
        let current = comparable(current)
        let desired = comparable(desired)
        let keys = Set(current.keys).union(desired.keys)
        var changes: [RLSModel.DefaultPrivilege] = []
        for key in keys.sorted() {
            let owner = key.role ?? (current[key] ?? desired[key] ?? []).first { $0.toCreator }?.grantee ?? Role("postgres")
            let held = effective(current[key], key, owner: owner)
            let wanted = effective(desired[key], key, owner: owner)
            var revoked: [Role: Set<Privilege>] = [:]
            var granted: [Bool: [Role: Set<Privilege>]] = [:]
            for (entry, grantable) in held where wanted[entry] != grantable {
                if wanted[entry] == nil || grantable { revoked[entry.grantee, default: []].insert(entry.privilege) }
            }
            for (entry, grantable) in wanted where held[entry] != grantable {
                granted[grantable, default: [:]][entry.grantee, default: []].insert(entry.privilege)
            }
            changes += statements(.revoke, revoked, key)
            for grantable in [false, true] { changes += statements(.grant, granted[grantable] ?? [:], key, withGrantOption: grantable) }
        }
        return changes
    }

    /// One group of default privileges: whose new objects, where, of which kind.
    private struct Key: Hashable, Comparable {
        var role: Role?
        var schema: String?
        var kind: Grant.ObjectKind

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.role?.name ?? "", lhs.schema ?? "", lhs.kind) < (rhs.role?.name ?? "", rhs.schema ?? "", rhs.kind)
        }
    }

    /// One role's privilege in a group.
    private struct Entry: Hashable {
        var grantee: Role
        var privilege: Privilege
    }

    /// The entries that count, by group: managed (``DefaultPrivilege/isManaged``), not a per-schema entry for the creator.
    private static func comparable(_ entries: [DefaultPrivilege]) -> [Key: [DefaultPrivilege]] {
        Dictionary(
            grouping: entries.filter { $0.isManaged && !($0.schema != nil && $0.toCreator) },
            by: { Key(role: $0.role, schema: $0.schema, kind: $0.objectKind) })
    }

    /// What new objects of the group receive: its entries, or for an absent global entry Postgres's built-in default.
    private static func effective(_ entries: [DefaultPrivilege]?, _ key: Key, owner: Role) -> [Entry: Bool] {
        if let entries, !entries.isEmpty {
            return Dictionary(
                entries.map { (Entry(grantee: $0.grantee, privilege: $0.privilege), $0.grantable) }, uniquingKeysWith: { $0 || $1 })
        }
        guard key.schema == nil else { return [:] }
        let objects = RLSModel.DefaultPrivilege.Objects(key.kind)
        var result: [Entry: Bool] = [:]
        for privilege in objects.privileges.compactMap(Privilege.init) { result[Entry(grantee: owner, privilege: privilege)] = false }
        if let publicPrivilege = objects.builtInForPublic.flatMap(Privilege.init) {
            result[Entry(grantee: .public, privilege: publicPrivilege)] = false
        }
        return result
    }

    /// Grantees with the same privileges in one statement; every privilege of a kind that has several written `all`.
    private static func statements(
        _ action: RLSModel.DefaultPrivilege.Action, _ privileges: [Role: Set<Privilege>], _ key: Key, withGrantOption: Bool = false
    ) -> [RLSModel.DefaultPrivilege] {
        let objects = RLSModel.DefaultPrivilege.Objects(key.kind)
        var groups: [(privileges: [RLSModel.DefaultPrivilege.Privilege], roles: [Role])] = []
        for grantee in privileges.keys.sorted() {
            let names = privileges[grantee]!
            let all = Set(objects.privileges.compactMap(Privilege.init))
            // A privilege newer than PostgreSQL 15 (`MAINTAIN`) comes with `all`; on its own it is not written.
            let list: [RLSModel.DefaultPrivilege.Privilege] =
                all.isSubset(of: names) && all.count > 1
                ? [.all] : names.compactMap { RLSModel.DefaultPrivilege.Privilege(rawValue: $0.rawValue) }.sorted()
            guard !list.isEmpty else { continue }
            if let index = groups.firstIndex(where: { $0.privileges == list }) {
                groups[index].roles.append(grantee)
            } else {
                groups.append((list, [grantee]))
            }
        }
        return groups.map { group in
            RLSModel.DefaultPrivilege(
                action, group.privileges, on: objects, in: key.schema, roles: group.roles, withGrantOption: withGrantOption,
                forRole: key.role, fileID: "rls pull", line: 0)
        }
    }
}

extension DefaultPrivilege.Objects {
    /// What Postgres's built-in default gives PUBLIC on new objects of this kind.
    var builtInForPublic: DefaultPrivilege.Privilege? {
        switch self {
        case .functions: .execute
        case .types: .usage
        case .tables, .sequences, .schemas: nil
        }
    }
}
