import Foundation
import RLSCatalog
import RLSModel
import Testing

/// The catalog holds roles as `Role`, yet lists them by name and stores them as bare names, as it
/// did when they were strings: plans, findings and cached catalogs stay the same.
@Suite struct TypedRolesTests {
    /// `Role` orders the API roles first; a policy's `TO` list stays in name order, PUBLIC between them.
    @Test func aPolicysRolesAreListedByName() {
        let policy = Catalog.Policy(
            table: QualifiedName(name: "note"), name: "p", roles: [.serviceRole, .public, Role("app_admin"), .anon])
        #expect(policy.roles.map(\.name) == ["anon", "app_admin", "public", "service_role"])
    }

    /// Memberships, default-privilege owners and readers sort by name too, not API roles first.
    @Test func environmentListsSortByName() {
        let environment = Catalog.Environment(
            roleMemberships: [
                Catalog.RoleMembership(member: .authenticated, role: Role("analyst")),
                Catalog.RoleMembership(member: .anon, role: .serviceRole),
                Catalog.RoleMembership(member: .anon, role: Role("analyst")),
            ],
            apiDefaultPrivileges: [
                Catalog.RoleDefaultPrivilege(owner: .serviceRole, schema: nil, objectKind: .table, grantee: .anon, privilege: .select),
                Catalog.RoleDefaultPrivilege(owner: Role("app"), schema: nil, objectKind: .table, grantee: .anon, privilege: .select),
            ],
            foreignTables: [Catalog.ForeignTable(name: QualifiedName(name: "remote"), readers: [.serviceRole, .public])])
        #expect(
            environment.roleMemberships.map(\.description) == [
                "analyst granted to anon", "service_role granted to anon", "analyst granted to authenticated",
            ])
        #expect(environment.apiDefaultPrivileges.map(\.owner.name) == ["app", "service_role"])
        #expect(environment.foreignTables[0].readers.map(\.name) == ["public", "service_role"])
    }

    /// A catalog cached while roles were strings decodes, and encodes back to the same JSON.
    @Test func rolesAreStoredAsTheirNames() throws {
        let json = #"""
            {"member":"anon","role":"analyst"}
            """#
        let membership = try JSONDecoder().decode(Catalog.RoleMembership.self, from: Data(json.utf8))
        #expect(membership == Catalog.RoleMembership(member: .anon, role: Role("analyst")))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(membership), as: UTF8.self) == json)

        let entry = Catalog.DefaultPrivilege(
            schema: "public", objectKind: .table, grantee: .anon, privilege: .select, role: Role("supabase_admin"))
        let encoded = String(decoding: try encoder.encode(entry), as: UTF8.self)
        #expect(encoded.contains(#""role":"supabase_admin""#))
        #expect(try JSONDecoder().decode(Catalog.DefaultPrivilege.self, from: Data(encoded.utf8)) == entry)

        let policy = Catalog.Policy(table: QualifiedName(name: "note"), name: "p", roles: [.public, .anon])
        #expect(String(decoding: try encoder.encode(policy), as: UTF8.self).contains(#""roles":["anon","public"]"#))
    }
}
