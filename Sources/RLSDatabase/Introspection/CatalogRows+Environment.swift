import Foundation
import RLSCatalog
import RLSEmbedded
import RLSMigrations
import RLSModel
import RLSPostgres

extension CatalogRows {
    /// Reads ``IntrospectionQuery/environment``'s rows, leaving out Supabase's own default privileges.
    static func environment(_ result: QueryResult) throws -> Catalog.Environment {
        var memberships: [Catalog.RoleMembership] = []
        var reached: [Catalog.RoleMembership] = []
        var defaults: [Catalog.RoleDefaultPrivilege] = []
        var extensions: [Catalog.Extension] = []
        var foreignTables: [Catalog.ForeignTable] = []
        var queues: [Catalog.ForeignTable] = []
        var buckets: [Catalog.Bucket]?
        let kinds: [String: Catalog.Grant.ObjectKind] = ["r": .table, "S": .sequence, "f": .function, "n": .schema]
        for row in result {
            switch try row.string("kind") {
            case "member":
                memberships.append(Catalog.RoleMembership(member: Role(try row.string("name")), role: Role(try row.string("detail"))))
            case "reached member":
                reached.append(Catalog.RoleMembership(member: Role(try row.string("name")), role: Role(try row.string("detail"))))
            case "default":
                guard let kind = kinds[try row.string("detail")] else { continue }
                let schema = try row.string("schema")
                defaults.append(
                    Catalog.RoleDefaultPrivilege(
                        owner: Role(try row.string("name")), schema: schema.isEmpty ? nil : schema, objectKind: kind,
                        grantee: Role(try row.string("grantee")), privilege: try Self.privilege(row)))
            case "extension":
                extensions.append(
                    Catalog.Extension(
                        name: try row.string("name"), schema: try row.string("schema"), version: try row.string("detail"),
                        defaultVersion: row["grantee"]))
            case "foreign table":
                foreignTables.append(
                    Catalog.ForeignTable(
                        name: try Self.name(row, "schema", "name"),
                        readers: (row["grantee"] ?? "").split(separator: ",").map { Role(String($0)) }))
            case "queue":
                queues.append(
                    Catalog.ForeignTable(
                        name: try Self.name(row, "schema", "name"),
                        readers: (row["grantee"] ?? "").split(separator: ",").map { Role(String($0)) }))
            case "storage":
                buckets = buckets ?? []
            case "bucket":
                buckets =
                    (buckets ?? []) + [
                        Catalog.Bucket(
                            id: try row.string("name"), name: row["detail"] ?? "", isPublic: row["grantee"] == "true",
                            fileSizeLimit: row["privilege"].flatMap { Int64($0) }, allowedMimeTypes: Self.mimeTypes(row["extra"]))
                    ]
            default:
                continue
            }
        }
        return Catalog.Environment(
            roleMemberships: memberships, reachedMemberships: reached, apiDefaultPrivileges: withoutSupabaseDefaults(defaults),
            extensions: extensions, foreignTables: foreignTables, queueTables: queues, buckets: buckets)
    }

    /// `["image/png","image/jpeg"]` (a JSON array of strings, as `to_jsonb` prints it) as a list; nil for SQL null or JSON null.
    static func mimeTypes(_ json: String?) -> [String]? {
        guard let data = json?.data(using: .utf8), let types = try? JSONDecoder().decode([String].self, from: data) else { return nil }
        return types
    }

    /// Every privilege of each kind, as `grant all` hands it out on this server (PostgreSQL 15).
    static let allPrivileges: [Catalog.Grant.ObjectKind: Set<Privilege>] = [
        .table: Set(Privilege.allTable),
        .sequence: Set(Privilege.allSequence),
        .function: [.execute],
    ]

    /// Drops the full `grant all` sets that `postgres` or `supabase_admin` hand the API roles in
    /// `public`: what every Supabase project made before 2026-10-30 holds (and the embedded
    /// `.legacyGrantAll` cluster), so not drift and not a finding.
    static func withoutSupabaseDefaults(_ defaults: [Catalog.RoleDefaultPrivilege]) -> [Catalog.RoleDefaultPrivilege] {
        let groups = Dictionary(grouping: defaults) { "\($0.owner)\u{1F}\($0.schema ?? "")\u{1F}\($0.objectKind)\u{1F}\($0.grantee)" }
        return groups.values.flatMap { group -> [Catalog.RoleDefaultPrivilege] in
            guard let first = group.first, ["postgres", "supabase_admin"].contains(first.owner.name), first.schema == "public",
                first.grantee != .public, let all = allPrivileges[first.objectKind],
                all.isSubset(of: Set(group.map(\.privilege)))
            else { return group }
            return []
        }
    }
}
