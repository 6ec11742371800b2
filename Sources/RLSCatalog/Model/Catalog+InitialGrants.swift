extension Catalog {
    /// The grants a new object of `kind` named `object` receives when the connected role creates it:
    /// Postgres's built-in default (PUBLIC may execute functions), replaced by the role's global
    /// default privileges when it has some, plus those for the object's schema. The creator's entries
    /// for itself are the owner's implicit privileges, never grants (see
    /// ``DefaultPrivilege/toCreator``).
    public func initialGrants(for kind: Grant.ObjectKind, object: QualifiedName, arguments: String? = nil) -> [Grant] {
        let own = defaultPrivileges.filter { $0.role == nil }
        let global = own.filter { $0.schema == nil && $0.objectKind == kind }
        let inSchema = kind == .schema ? [] : own.filter { $0.schema == object.schema && $0.objectKind == kind }
        var entries = global
        if global.isEmpty, kind == .function {
            entries = [DefaultPrivilege(schema: nil, objectKind: .function, grantee: .public, privilege: .execute)]
        }
        return (entries + inSchema).filter { !$0.toCreator }.map { entry in
            Grant(
                objectKind: kind, object: object, arguments: arguments, grantee: entry.grantee,
                privilege: entry.privilege, grantable: entry.grantable)
        }
    }
}
