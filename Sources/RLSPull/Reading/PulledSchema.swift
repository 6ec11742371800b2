import RLSCatalog
import RLSModel
import RLSSQL

/// A database read back into the DSL: the ``Schema`` that `rls pull` writes as Swift, what it
/// could not express natively, and the comments that go beside tables and policies.
///
/// Exact by construction where it can be: names the server chose are kept, grants that are not
/// what the plans imply are written out (``Table/grants(_:)``), functions keep their definition,
/// and policies stay as written (with the plan they mean in a comment).
public struct PulledSchema: Sendable {
    /// The schema as DSL values.
    public var schema: Schema
    /// What could not be expressed, sorted.
    public var notes: [PullNote]
    /// Comment lines to write above each table, by `schema.table`.
    public var tableComments: [String: [String]] = [:]
    /// A comment to write beside each policy, by `schema.table.policy`.
    public var policyComments: [String: String] = [:]

    /// Reads `catalog` into DSL values. `fileID` names where the Swift will be declared
    /// (`Policies/MyApp.swift`, as Swift's `#fileID` spells it), for the headers of generated files.
    public init(catalog: Catalog, fileID: String) {
        var reader = CatalogReader(catalog: catalog)
        self.schema = reader.schema(fileID: fileID)
        self.notes = reader.notes.sorted()
        self.tableComments = reader.tableComments
        self.policyComments = reader.policyComments
    }
}

extension Catalog.Policy {
    /// A policy on `storage.objects` that rls did not write and that names `bucket`
    /// (`bucket_id = '<bucket>'`), as the server prints it.
    func isHandWrittenFilePolicy(naming bucket: String) -> Bool {
        table.schema == "storage" && table.name == "objects" && !isBucketPolicy
            && [using, withCheck].contains { $0?.contains("bucket_id = \(quoteLiteral(bucket))::text") == true }
    }
}

/// Turns one catalog into DSL values, collecting notes on the way.
struct CatalogReader {
    let catalog: Catalog
    var notes: [PullNote] = []
    var tableComments: [String: [String]] = [:]
    var policyComments: [String: String] = [:]

    mutating func schema(fileID: String) -> Schema {
        var elements: [SchemaElement] = extensions.map { .extension($0) }
        elements += catalog.enums.map { type in
            var value = EnumType(type.name.name, schema: type.name.schema, comment: type.comment, fileID: "rls pull", line: 0)
            value.values = type.labels
            return .enumType(value)
        }
        elements += catalog.asWritten.map { object in
            .asWritten(
                AsWritten(object.kind, object.name, arguments: object.arguments, sql: object.definition, fileID: "rls pull", line: 0))
        }
        elements += catalog.tables.map { .table(table($0)) }
        elements += catalog.functions.compactMap { function($0).map(SchemaElement.function) }
        elements += catalog.views.compactMap { view($0).map(SchemaElement.view) }
        for trigger in catalog.triggers {
            if let value = TriggerDefinition.read(trigger) {
                elements.append(.trigger(value))
            } else {
                notes.append(
                    PullNote(
                        "trigger \(trigger.name) on \(trigger.table)",
                        "not expressible (disabled, arguments, REFERENCING or a constraint trigger); kept in the baseline, undeclared"))
            }
        }
        let bucketPolicies = catalog.policies.filter(\.isBucketPolicy)
        var declaredBucketPolicies: Set<String> = []
        var handWrittenBucketPolicies: [String: String] = [:]
        for row in catalog.environment.buckets ?? [] {
            let own = bucketPolicies.filter { policy in Operation.allCases.contains { "bucket_\(row.id)_\($0)" == policy.name } }
            let handWritten = catalog.policies.filter { $0.isHandWrittenFilePolicy(naming: row.id) }
            switch BucketShape.bucket(row, policies: own, handWritten: handWritten, tables: catalog.tables) {
            case .success(let bucket):
                elements.append(.bucket(bucket))
                if bucket.hasPoliciesWrittenByHand {
                    for policy in handWritten { handWrittenBucketPolicies[policy.name] = row.id }
                }
                declaredBucketPolicies.formUnion(own.map(\.name))
            case .failure(let note):
                notes.append(PullNote("bucket \(row.id)", "\(note.message); kept as it is, undeclared"))
            }
        }
        let tableNames = Set(catalog.tables.map(\.name))
        for policy in catalog.policies where !tableNames.contains(policy.table) && !declaredBucketPolicies.contains(policy.name) {
            if policy.isChannelPolicy {
                // Pull does not read channels back yet; without the declaration the next rls diff drops the policy.
                notes.append(
                    PullNote(
                        "policy \(policy.name) on \(policy.table)",
                        "a private channel's policy, which pull does not write as .channel(...) yet; declare the channel on its table "
                            + "(see Docs/DSL.md, Realtime) before the next rls diff, which drops channel policies the schema does not declare"
                    ))
                continue
            }
            if let bucket = handWrittenBucketPolicies[policy.name], policy.table.schema == "storage" {
                notes.append(
                    PullNote(
                        "policy \(policy.name) on \(policy.table)",
                        "written by hand for bucket \(bucket): kept as it is; Bucket(\"\(bucket)\")...policiesWrittenByHand() "
                            + "says what it allows, so rls check proves it (see Docs/DSL.md, Policies written by hand)"))
                continue
            }
            if policy.isBucketPolicy {
                notes.append(
                    PullNote(
                        "policy \(policy.name) on \(policy.table)",
                        "a storage bucket's policy, which pull does not write as Bucket(...) yet; declare the bucket "
                            + "(see Docs/DSL.md, Storage buckets) before the next rls diff, which drops bucket policies the schema does not declare"
                    ))
                continue
            }
            notes.append(
                PullNote(
                    "policy \(policy.name) on \(policy.table)",
                    "Supabase's own table: left as it is (rls does not declare policies there yet, and never drops them)"))
        }
        // Every schema of the project is declared with exactly its privileges, even one that holds
        // nothing rls declares (so plan keeps it and its grants).
        for schema in catalog.schemas {
            var privileges = schemaPrivileges(schema.name)
            privileges.comment = schema.comment
            elements.append(.schemaPrivileges(privileges))
        }
        let publicPrivileges = schemaPrivileges(SupabaseSchemas.public)
        let builtIn = SchemaPrivileges.builtIn(SupabaseSchemas.public)
        if Set(publicPrivileges.usage) != Set(builtIn.usage) || Set(publicPrivileges.create) != Set(builtIn.create)
            || !(publicPrivileges.usageWithGrantOption + publicPrivileges.createWithGrantOption).isEmpty
        {
            elements.append(.schemaPrivileges(publicPrivileges))
        }
        elements += defaultPrivileges().map(SchemaElement.defaultPrivilege)
        let owned = Set(
            catalog.tables.flatMap { table in
                table.columns.filter { $0.generation != .none && $0.generation != .stored }
                    .map { "\(table.name.schema).\(table.name.name)_\($0.name)_seq" }
            })
        let standalone = Set(catalog.asWritten.filter { $0.kind == .sequence }.map(\.name))
        for sequence in catalog.sequences where !owned.contains(sequence.description) && !standalone.contains(sequence) {
            notes.append(
                PullNote(
                    "sequence \(sequence)",
                    "owned by a column it is not the serial sequence of (ALTER SEQUENCE ... OWNED BY), and NOT created by the "
                        + "baseline; add its CREATE SEQUENCE to the baseline by hand, before the table, and its OWNED BY after"))
        }
        return Schema(elements: elements, fileID: fileID, line: 0)
    }

    /// The installed extensions beyond Supabase's own (``RLSModel/SupabaseExtensions``), by name; the
    /// objects they own were never read.
    var extensions: [Extension] {
        catalog.environment.extensions.filter { !SupabaseExtensions.isPreinstalled($0.name) }
            .map { Extension($0.name, schema: $0.schema, fileID: "rls pull", line: 0) }
    }

    // MARK: Grants

    /// Exactly the roles the database lets use `schema` and create in it (the owner's own privileges
    /// aside), and those of them that hold the privilege with grant option.
    func schemaPrivileges(_ schema: String) -> SchemaPrivileges {
        let grants = catalog.grants.filter { $0.objectKind == .schema && $0.object.schema == schema }
        func roles(_ privilege: Privilege, grantable: Bool = false) -> [Role] {
            Set(grants.filter { $0.privilege == privilege && (!grantable || $0.grantable) }.map(\.grantee)).sorted()
        }
        return SchemaPrivileges(schema, usage: roles(.usage), create: roles(.create), fileID: "rls pull", line: 0)
            .withGrantOption(usage: roles(.usage, grantable: true), create: roles(.create, grantable: true))
    }

    /// Grants on one object, by role, and those of them held WITH GRANT OPTION.
    mutating func grants(_ kind: Catalog.Grant.ObjectKind, on object: RLSCatalog.QualifiedName, arguments: String? = nil) -> (
        privileges: [Role: Set<Privilege>], options: [Role: Set<Privilege>]
    ) {
        var privileges: [Role: Set<Privilege>] = [:]
        var options: [Role: Set<Privilege>] = [:]
        for grant in catalog.grants
        where grant.objectKind == kind && grant.object == object && grant.column == nil && grant.arguments == arguments {
            let privilege = grant.privilege
            guard Privilege.onTablesAndSequences.contains(privilege) else {
                if kind != .function {
                    notes.append(PullNote("\(object)", "\(privilege.catalogName) for \(grant.grantee) is not expressible"))
                }
                continue
            }
            privileges[grant.grantee, default: []].insert(privilege)
            if grant.grantable { options[grant.grantee, default: []].insert(privilege) }
        }
        return (privileges, options)
    }

    // MARK: Functions and views

    mutating func function(_ function: Catalog.Function) -> Function? {
        if function.isProcedure {
            notes.append(PullNote("procedure \(function.signature)", "procedures are not expressible; kept in the baseline, undeclared"))
            return nil
        }
        let execute = catalog.grants.filter {
            $0.objectKind == .function && $0.object == function.name && ($0.arguments ?? "") == function.identityArguments
                && $0.privilege == .execute
        }
        return Function(
            function.name.name, schema: function.name.schema, arguments: function.identityArguments,
            definition: SQL(raw: function.definition), executableBy: execute.map(\.grantee).sorted(),
            comment: function.comment, fileID: "rls pull", line: 0
        )
        .withGrantOption(execute: execute.filter(\.grantable).map(\.grantee).sorted())
    }

    /// A view, or a materialized view with its indexes and whether it holds rows.
    mutating func view(_ view: Catalog.View) -> View? {
        guard view.options.isEmpty || (!view.isMaterialized && view.options == ["security_invoker=true"]) else {
            notes.append(
                PullNote(
                    "\(view.isMaterialized ? "materialized view" : "view") \(view.name)",
                    "with options other than security_invoker (\(view.options.joined(separator: ", "))); kept in the baseline, undeclared"))
            return nil
        }
        var value = View(
            view.name.name, schema: view.name.schema, securityInvoker: !view.options.isEmpty,
            comment: view.comment, query: SQL(raw: view.query), fileID: "rls pull", line: 0)
        if view.isMaterialized {
            value = value.materialized(withData: view.isPopulated)
            value.indexes = view.indexes.compactMap { index in
                if let read = IndexDefinition.read(index, table: view.name.name) { return read }
                notes.append(
                    PullNote(
                        "\(view.name)", "index \(index.name) (\(index.definition)) is not expressible; kept in the baseline, undeclared"))
                return nil
            }
        }
        let (actual, options) = grants(.table, on: view.name)
        let readers = actual.keys.filter { $0 != .serviceRole }
        if actual[.serviceRole] == [.select], readers.allSatisfy({ actual[$0] == [.select] }) {
            value.readableBy = readers.sorted()
        } else {
            value.grants = actual
        }
        value.grantOptions = options
        return value
    }
}
