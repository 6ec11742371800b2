import RLSCatalog
import Testing

/// Triggers on `auth.users` and policies on `storage.objects` live in schemas Supabase owns: the
/// plan creates and changes the declared ones and leaves the others alone.
@Suite("Tables outside the managed schemas")
struct UnmanagedTablesTests {
    static let users = QualifiedName(schema: "auth", name: "users")
    static let objects = QualifiedName(schema: "storage", name: "objects")
    static let saved = QualifiedName(schema: "public", name: "saved")
    static let handler = Catalog.Function(
        name: QualifiedName(schema: "private", name: "handle_new_user"),
        result: "trigger", definition: "CREATE FUNCTION private.handle_new_user() …")

    static func trigger(_ name: String, on table: QualifiedName, calling function: String = "auth.audit()") -> Catalog.Trigger {
        Catalog.Trigger(
            table: table, name: name,
            definition: "CREATE TRIGGER \(name) AFTER INSERT ON \(table) FOR EACH ROW EXECUTE FUNCTION \(function)")
    }

    static let savedTable = Catalog.Table(name: saved, columns: [Catalog.Column(name: "patron_id", type: "uuid", notNull: true)])

    @Test func undeclaredTriggerOnAuthUsersStays() {
        let current = Catalog(
            tables: [Self.savedTable],
            triggers: [Self.trigger("audit", on: Self.users), Self.trigger("stamp", on: Self.saved)])
        let plan = ChangePlan(from: current, to: Catalog(tables: [Self.savedTable]))
        #expect(plan.changes.map(\.summary) == ["- trigger public.saved.stamp"])
    }

    @Test func declaredTriggerOnAuthUsersIsCreatedAndChanged() {
        let declared = Self.trigger("on_signup", on: Self.users)
        var changed = declared
        changed.enabled = false
        #expect(
            ChangePlan(from: Catalog(), to: Catalog(triggers: [declared])).changes.map(\.summary)
                == ["+ trigger auth.users.on_signup"])
        #expect(
            ChangePlan(from: Catalog(triggers: [declared]), to: Catalog(triggers: [changed])).changes.map(\.summary)
                == ["~ trigger auth.users.on_signup"])
    }

    @Test func triggerRunningADroppedFunctionGoesWithIt() {
        let trigger = Self.trigger("on_auth_user_created", on: Self.users, calling: "private.handle_new_user()")
        let plan = ChangePlan(from: Catalog(functions: [Self.handler], triggers: [trigger]), to: Catalog())
        #expect(
            plan.changes.map(\.summary) == [
                "- trigger auth.users.on_auth_user_created", "- function private.handle_new_user()",
            ])
    }

    @Test func undeclaredStoragePolicyStaysAndDeclaredOneChanges() {
        let theirs = Catalog.Policy(table: Self.objects, name: "avatars are public", command: .select, using: "true")
        let ours = Catalog.Policy(
            table: Self.objects, name: "owner uploads", command: .insert, roles: [.authenticated],
            withCheck: "(owner = auth.uid())")
        var changed = ours
        changed.withCheck = "(owner_id = (auth.uid())::text)"
        let plan = ChangePlan(from: Catalog(policies: [theirs, ours]), to: Catalog(policies: [changed]))
        #expect(plan.changes.map(\.summary) == ["~ policy storage.objects.owner uploads"])
    }

    @Test func undeclaredStoragePolicyReadingARetypedColumnIsRecreatedAsItWas() {
        let reference = ColumnReference(relation: Self.saved, column: "patron_id")
        let theirs = Catalog.Policy(
            table: Self.objects, name: "saved files", command: .select,
            using: "(EXISTS ( SELECT 1 FROM public.saved))", dependencies: [reference])
        var retyped = Self.savedTable
        retyped.columns[0].type = "text"
        let plan = ChangePlan(from: Catalog(tables: [Self.savedTable], policies: [theirs]), to: Catalog(tables: [retyped]))
        #expect(
            plan.changes.map(\.summary) == [
                "- policy storage.objects.saved files",
                "~ column public.saved.patron_id (destructive)",
                "~ policy storage.objects.saved files",
            ])
        #expect(plan.changes.last?.sql.hasPrefix(#"create policy "saved files" on "storage"."objects""#) == true)
        #expect(plan.changes.last?.sql.contains("(EXISTS ( SELECT 1 FROM public.saved))") == true)
    }
}
