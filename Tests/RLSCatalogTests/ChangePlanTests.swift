import RLSCatalog
import RLSModel
import Testing

/// The diff on hand-made catalogs: kinds, destructiveness, order and SQL, without a server.
@Suite("ChangePlan")
struct ChangePlanTests {
    static let saved = QualifiedName(schema: "public", name: "saved")
    static let patron = QualifiedName(schema: "public", name: "patron")

    static func table(_ name: QualifiedName, columns: [String], references: QualifiedName? = nil) -> Catalog.Table {
        Catalog.Table(
            name: name,
            columns: columns.map { Catalog.Column(name: $0, type: "uuid", notNull: true) },
            constraints: references.map {
                [
                    Catalog.Constraint(
                        name: "\(name.name)_fkey", kind: .foreignKey,
                        definition: "FOREIGN KEY (patron_id) REFERENCES \($0)(id)", referencedTable: $0)
                ]
            } ?? [])
    }

    static let ownerPolicy = Catalog.Policy(
        table: saved, name: "owner reads", command: .select, roles: [.authenticated],
        using: "(( SELECT auth.uid() AS uid) = patron_id)",
        dependencies: [ColumnReference(relation: saved, column: "patron_id")])

    @Test func equalCatalogsPlanNothing() {
        let catalog = Catalog(tables: [Self.table(Self.saved, columns: ["patron_id"])], policies: [Self.ownerPolicy])
        #expect(ChangePlan(from: catalog, to: catalog).isEmpty)
    }

    @Test func dropsAreDestructive() {
        let current = Catalog(
            enums: [Catalog.EnumType(name: QualifiedName(schema: "public", name: "kind"), labels: ["a"])],
            tables: [Self.table(Self.saved, columns: ["patron_id", "note"]), Self.table(Self.patron, columns: ["id"])])
        let desired = Catalog(tables: [Self.table(Self.saved, columns: ["patron_id"])])
        let plan = ChangePlan(from: current, to: desired)
        #expect(
            plan.changes.map(\.summary) == [
                "- table public.patron (destructive)",
                "- column public.saved.note (destructive)",
                "- enum public.kind (destructive)",
            ])
        #expect(plan.isDestructive)
    }

    @Test func createsAreSafe() {
        let plan = ChangePlan(
            from: Catalog(),
            to: Catalog(
                tables: [Self.table(Self.saved, columns: ["patron_id"])],
                policies: [Self.ownerPolicy]))
        #expect(!plan.isDestructive)
        #expect(plan.summary == "2 to create, 0 to change, 0 to drop, 1 to revoke or disable")
    }

    @Test func newObjectsLoseDefaultPrivilegesBeforeTheirGrants() {
        let function = Catalog.Function(
            name: QualifiedName(schema: "public", name: "is_admin"), result: "boolean",
            securityDefiner: true, definition: "CREATE FUNCTION public.is_admin() …")
        let grant = Catalog.Grant(objectKind: .table, object: Self.saved, grantee: .authenticated, privilege: .select)
        let plan = ChangePlan(
            from: Catalog(),
            to: Catalog(
                tables: [Self.table(Self.saved, columns: ["patron_id"])],
                functions: [function], grants: [grant],
                sequences: [QualifiedName(schema: "public", name: "saved_id_seq")]))
        #expect(
            plan.changes.filter { $0.object == .privilege }.map(\.sql) == [
                #"revoke all on table "public"."saved" from public, "anon", "authenticated", "service_role";"#,
                #"revoke all on sequence "public"."saved_id_seq" from public, "anon", "authenticated", "service_role";"#,
                #"revoke all on function "public"."is_admin"() from public, "anon", "authenticated", "service_role";"#,
                #"grant select on table "public"."saved" to "authenticated";"#,
            ])
    }

    @Test func revokesAreCountedApartFromDrops() {
        let plan = ChangePlan(changes: [
            Change(kind: .create, object: .table, name: "public.saved", sql: "create table saved ();"),
            Change(
                kind: .revoke, object: .privilege, name: "EXECUTE on public.f() to public",
                sql: "revoke execute on function public.f() from public;"),
            Change(
                kind: .disableRowSecurity, object: .rowSecurity, name: "public.saved", sql: "alter table saved disable row level security;"),
            Change(kind: .drop, object: .policy, name: "public.saved.peek", sql: "drop policy peek on saved;"),
        ])
        #expect(plan.summary == "1 to create, 0 to change, 1 to drop, 2 to revoke or disable")
    }

    @Test func referencedTablesAreCreatedFirst() {
        let desired = Catalog(tables: [
            Self.table(Self.saved, columns: ["patron_id"], references: Self.patron),
            Self.table(Self.patron, columns: ["id"]),
        ])
        let plan = ChangePlan(from: Catalog(), to: desired)
        #expect(plan.changes.filter { $0.object == .table }.map(\.name) == ["public.patron", "public.saved"])
        #expect(plan.changes[1].sql.contains("REFERENCES public.patron(id)"))
    }

    @Test func policiesAreDroppedBeforeTheColumnsTheyRead() {
        let current = Catalog(tables: [Self.table(Self.saved, columns: ["patron_id", "owner_id"])], policies: [Self.ownerPolicy])
        var moved = Self.ownerPolicy
        moved.using = "(( SELECT auth.uid() AS uid) = owner_id)"
        let desired = Catalog(tables: [Self.table(Self.saved, columns: ["owner_id"])], policies: [moved])
        let plan = ChangePlan(from: current, to: desired)
        #expect(
            plan.changes.map(\.summary) == [
                "- policy public.saved.owner reads",
                "- column public.saved.patron_id (destructive)",
                "~ policy public.saved.owner reads",
            ])
    }

    @Test func changedUsingIsOneAlter() {
        var changed = Self.ownerPolicy
        changed.roles = [.anon, .authenticated]
        let plan = ChangePlan(from: Catalog(policies: [Self.ownerPolicy]), to: Catalog(policies: [changed]))
        #expect(plan.changes.count == 1)
        #expect(plan.changes[0].kind == .alter)
        #expect(plan.changes[0].sql.hasPrefix(#"drop policy "owner reads" on "public"."saved";"#))
        #expect(plan.changes[0].sql.contains(#"to "anon", "authenticated""#))
    }

    @Test func grantsAreGroupedPerGrantee() {
        let grants = [Privilege.select, .delete, .insert].map {
            Catalog.Grant(objectKind: .table, object: Self.saved, grantee: .authenticated, privilege: $0)
        }
        let plan = ChangePlan(from: Catalog(grants: [grants[0]]), to: Catalog(grants: Array(grants.dropFirst())))
        #expect(
            plan.changes.map(\.sql) == [
                #"revoke select on table "public"."saved" from "authenticated";"#,
                #"grant insert, delete on table "public"."saved" to "authenticated";"#,
            ])
    }

    @Test func enumLabelsAreAddedInPlace() {
        let name = QualifiedName(schema: "public", name: "kind")
        let plan = ChangePlan(
            from: Catalog(enums: [Catalog.EnumType(name: name, labels: ["car", "bike"])]),
            to: Catalog(enums: [Catalog.EnumType(name: name, labels: ["van", "car", "scooter", "bike"])]))
        #expect(
            plan.changes.map(\.sql) == [
                """
                ALTER TYPE "public"."kind" ADD VALUE 'van' BEFORE 'car';
                ALTER TYPE "public"."kind" ADD VALUE 'scooter' AFTER 'car';
                """
            ])
        #expect(!plan.isDestructive)
    }

    @Test func removedEnumLabelIsDestructive() {
        let name = QualifiedName(schema: "public", name: "kind")
        let plan = ChangePlan(
            from: Catalog(enums: [Catalog.EnumType(name: name, labels: ["car", "bike"])]),
            to: Catalog(enums: [Catalog.EnumType(name: name, labels: ["car"])]))
        #expect(plan.isDestructive)
    }

    @Test func identifiersAreQuoted() {
        let odd = QualifiedName(schema: "public", name: #"we"ird"#)
        let plan = ChangePlan(from: Catalog(), to: Catalog(tables: [Self.table(odd, columns: ["a b"])]))
        #expect(plan.sql.contains(#"CREATE TABLE "public"."we""ird" ("#))
        #expect(plan.sql.contains(#""a b" uuid NOT NULL"#))
    }

    @Test func rowSecurityIsNamed() {
        var on = Self.table(Self.saved, columns: ["patron_id"])
        on.rowSecurity = true
        let plan = ChangePlan(from: Catalog(tables: [on]), to: Catalog(tables: [Self.table(Self.saved, columns: ["patron_id"])]))
        #expect(plan.changes.map(\.summary) == ["- row level security public.saved"])
        #expect(plan.sql == "ALTER TABLE \"public\".\"saved\" DISABLE ROW LEVEL SECURITY;\n")
    }

    @Test func planIsDeterministic() {
        let tables = (0..<20).map { Self.table(QualifiedName(schema: "public", name: "t\($0)"), columns: ["id"]) }
        let first = ChangePlan(from: Catalog(), to: Catalog(tables: tables))
        let second = ChangePlan(from: Catalog(), to: Catalog(tables: tables.reversed()))
        #expect(first == second)
    }
}
