import RLSModel

/// Compiles `schema` to the SQL that creates it from scratch on a Supabase database, as the
/// `postgres` role, in dependency order: schemas and extensions, enum types and the types and sequences written as SQL, tables (structure, comments,
/// indexes), functions, aggregates, views, triggers, then each table's access (RLS, grants, policies), live
/// tables, channels and storage buckets (their rows in `storage.buckets` and policies on
/// `storage.objects`) and last the changes to default privileges, except that a function or view another section uses is moved up to just
/// before it (``usesFirst(_:provides:uses:)``). The same schema always gives the same sections and
/// statements.
///
/// Call ``RLSModel/Schema/validate()`` first: compiling assumes a valid schema.
///
/// ```swift
/// let access = compile(ElectricRide.schema).section(.access("public.listing"))
/// ```
public func compile(_ schema: Schema) -> CompiledSchema {
    let schemasTitle = schema.extensions.isEmpty ? "Schemas" : "Schemas and extensions"
    var sections: [CompiledSection] = [CompiledSection(.schemas, title: schemasTitle, statements: schemaStatements(schema))]
    for type in schema.enums {
        sections.append(CompiledSection(.type(type.qualifiedName), title: "Type \(type.qualifiedName)", statements: type.statements()))
    }
    for object in schema.asWritten where object.kind.precedesTables {
        sections.append(object.section)
    }
    let order = TableOrder(schema)
    let memberships = schema.memberships
    for table in order.tables {
        let create = CompiledStatement(
            .createTable, table.createStatement(inlineForeignKeys: order.inlineForeignKeys[table.qualifiedName] ?? []))
        let indexes = schema.indexes(of: table, memberships: memberships).map {
            CompiledStatement(.createIndex, table.createStatement(for: $0))
        }
        sections.append(
            CompiledSection(
                .table(table.qualifiedName), title: "Table \(table.qualifiedName)", statements: [create] + table.commentStatements + indexes
            ))
    }
    sections.append(
        CompiledSection(
            .cyclicForeignKeys, title: "Foreign keys that close a reference cycle",
            statements: order.deferredForeignKeys.map { table, key in
                CompiledStatement(.addForeignKey, "alter table \(table.qualifiedName.sql) add \(table.foreignKeyClause(key));")
            }))
    for function in schema.functions + schema.signUpProfiles.map(\.function) + schema.membershipFunctions {
        sections.append(
            CompiledSection(
                .function(function.qualifiedName), title: "Function \(function.qualifiedName)", statements: function.statements()))
    }
    for object in schema.asWritten where !object.kind.precedesTables {
        sections.append(object.section)
    }
    for view in schema.views {
        let title =
            view.isMaterialized
            ? "Materialized view \(view.qualifiedName) (stored rows, no RLS)"
            : "View \(view.qualifiedName)\(view.isSecurityInvoker ? "" : " (runs as its owner, bypassing RLS)")"
        sections.append(CompiledSection(.view(view.qualifiedName), title: title, statements: view.statements()))
    }
    for trigger in schema.triggers + schema.signUpProfiles.map(\.trigger) {
        sections.append(
            CompiledSection(
                .trigger(name: trigger.name, table: trigger.table), title: "Trigger \(trigger.name) on \(trigger.table)",
                statements: [CompiledStatement(.createTrigger, trigger.statement())]))
    }
    for table in order.tables {
        sections.append(
            CompiledSection(
                .access(table.qualifiedName), title: "Access to \(table.qualifiedName): \(table.accessSummary)",
                statements: table.accessStatements(in: schema)))
    }
    for table in order.tables where table.live != nil {
        sections.append(
            CompiledSection(
                .liveChanges(table.qualifiedName), title: "Live changes of \(table.qualifiedName)", statements: table.liveStatements))
    }
    for table in order.tables {
        sections.append(
            CompiledSection(
                .channels(table.qualifiedName), title: "Private channels on rows of \(table.qualifiedName)",
                statements: channelPolicies(of: table, in: schema).map(CompiledStatement.init)))
    }
    for bucket in schema.buckets {
        sections.append(
            CompiledSection(
                .bucket(id: bucket.id),
                title: "Storage bucket \(bucket.id)\(bucket.isPublic ? " (public: files served to anyone by URL)" : "")",
                statements: [CompiledStatement(.upsertBucket, bucket.upsertStatement)]
                    + storagePolicies(of: bucket, in: schema).map(CompiledStatement.init)))
    }
    if !schema.defaultPrivileges.isEmpty {
        sections.append(
            CompiledSection(
                .defaultPrivileges, title: "Default privileges of objects created from now on",
                statements: schema.defaultPrivileges.map { CompiledStatement(.alterDefaultPrivileges, $0.sql) }))
    }
    // The kinds' order above, except where a section uses a later one (a column default calling a
    // function, a SQL function reading a view): that one is moved up to just before it.
    let ordered = usesFirstMarkingCycles(sections, provides: \.provides, uses: \.uses).map { section, precedesAUse in
        precedesAUse ? section.withFunctionBodiesUnchecked : section
    }
    return CompiledSchema(origin: schema.origin, sections: ordered)
}
