import RLSModel

/// What several lint rules ask of a catalog: who the API reaches, what is indexed, which policies apply.
extension Catalog {
    /// The roles PostgREST requests run as, and `public` (PUBLIC), which every role belongs to.
    static let apiRoles = Set(Role.clientRoles + [.public])

    /// Schemas the API can reach: `public` always (Supabase exposes it and grants it to the API
    /// roles), and any other managed schema on which an API role holds `USAGE`. A schema without
    /// that grant (a `private` schema for helpers) cannot be queried through the API at all.
    var exposedSchemas: Set<String> {
        let granted = grants.filter { grant in
            grant.objectKind == .schema && grant.privilege == .usage && Catalog.apiRoles.contains(grant.grantee)
        }
        return Set(granted.map(\.object.schema)).union(["public"])
    }

    /// Privileges API roles hold on the table or view `name` (whole-object or on some column), by
    /// grantee, sorted as findings list them: by catalog name (`DELETE, INSERT, SELECT`).
    func apiPrivileges(on name: QualifiedName) -> [Role: [Privilege]] {
        var byRole: [Role: Set<Privilege>] = [:]
        for grant in grants where grant.objectKind == .table && grant.object == name && Catalog.apiRoles.contains(grant.grantee) {
            byRole[grant.grantee, default: []].insert(grant.privilege)
        }
        return byRole.mapValues { $0.sorted { $0.catalogName < $1.catalogName } }
    }

    /// The policies on `table`.
    func policies(on table: QualifiedName) -> [Policy] {
        policies.filter { $0.table == table }
    }
}

extension Catalog.Table {
    /// Columns that lead some index: a plain index, a primary key or a unique constraint.
    var indexLeadingColumns: Set<String> {
        let fromIndexes = indexes.compactMap { index -> String? in
            guard let using = index.definition.firstRange(of: " USING ") else { return nil }
            return leadingIdentifier(after: index.definition[using.upperBound...])
        }
        let fromConstraints = constraints.compactMap { constraint -> String? in
            guard constraint.kind == .primaryKey || constraint.kind == .unique else { return nil }
            return leadingIdentifier(after: Substring(constraint.definition))
        }
        return Set(fromIndexes + fromConstraints)
    }
}

/// The first identifier inside the first parenthesis of `text`, unquoted: `btree ("user_id", x)` → `user_id`.
func leadingIdentifier(after text: Substring) -> String? {
    guard let open = text.firstIndex(of: "(") else { return nil }
    let rest = text[text.index(after: open)...].drop { $0 == " " }
    if rest.first == "\"" {
        var name = ""
        var iterator = rest.dropFirst().makeIterator()
        var pendingQuote = false
        while let character = iterator.next() {
            if pendingQuote {
                if character == "\"" {
                    name.append("\"")
                    pendingQuote = false
                    continue
                }
                return name
            }
            if character == "\"" { pendingQuote = true } else { name.append(character) }
        }
        return pendingQuote ? name : nil
    }
    let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
    return name.isEmpty ? nil : String(name)
}
