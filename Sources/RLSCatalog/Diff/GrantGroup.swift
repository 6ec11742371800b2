import RLSModel
import RLSSQL

/// Privileges on one object (or column) for one grantee, rendered as a single GRANT or REVOKE.
struct GrantGroup {
    let sample: Catalog.Grant
    let privileges: [String]
    /// Whether the function the grants are on is a procedure (written `on procedure`).
    var isProcedure = false

    /// Groups grants by object, column, grantee and grant option; privileges in Postgres's order
    /// (``Privilege``'s).
    /// `procedures` holds the signatures (`public.archive(integer)`) of the procedures among the functions.
    static func grouped(_ grants: [Catalog.Grant], procedures: Set<String> = []) -> [GrantGroup] {
        var groups: [String: [Catalog.Grant]] = [:]
        var order: [String] = []
        for grant in grants.sorted() {
            let key = [
                grant.objectKind.rawValue, "\(grant.object)", grant.arguments ?? "", grant.column ?? "",
                grant.grantee.name, grant.grantable ? "1" : "0",
            ].joined(separator: "\u{1F}")
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(grant)
        }
        return order.map { key in
            let members = groups[key]!
            let privileges = Set(members.map(\.privilege)).sorted().map(\.catalogName)
            let sample = members[0]
            let isProcedure = sample.objectKind == .function && procedures.contains("\(sample.object)(\(sample.arguments ?? ""))")
            return GrantGroup(sample: sample, privileges: privileges, isProcedure: isProcedure)
        }
    }

    /// `SELECT, INSERT on public.brand to anon`.
    var displayName: String {
        "\(privileges.joined(separator: ", ")) on \(objectName) to \(sample.grantee)"
    }

    private var objectName: String {
        switch sample.objectKind {
        case .schema: sample.object.schema
        case .function: "\(sample.object)(\(sample.arguments ?? ""))"
        case .table, .sequence, .type: sample.column.map { "\(sample.object).\($0)" } ?? "\(sample.object)"
        }
    }

    private var target: PrivilegeObject {
        switch sample.objectKind {
        case .schema: .schema(sample.object.schema)
        case .function:
            isProcedure
                ? .procedure(signature: "\(sample.object.sql)(\(sample.arguments ?? ""))")
                : .function(signature: "\(sample.object.sql)(\(sample.arguments ?? ""))")
        case .table: .table(sample.object)
        case .sequence: .sequence(sample.object)
        case .type: .type(sample.object)
        }
    }

    /// `grant select on table "public"."brand" to "anon";`, through RLSSQL's one grant writer.
    var grantSQL: String {
        grantStatement(
            privileges, columns: sample.column.map { [$0] } ?? [], on: target, to: [sample.grantee],
            withGrantOption: sample.grantable)
    }

    /// `revoke select on table "public"."brand" from "anon";`
    var revokeSQL: String {
        revokeStatement(privileges, columns: sample.column.map { [$0] } ?? [], on: target, from: [sample.grantee])
    }

    /// `revoke grant option for select on table "public"."brand" from "anon";`: the privileges stay.
    var revokeGrantOptionSQL: String {
        revokeStatement(
            privileges, columns: sample.column.map { [$0] } ?? [], on: target, from: [sample.grantee], grantOptionOnly: true)
    }
}
