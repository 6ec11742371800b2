import RLSModel

/// The Swift files `rls pull` writes for a ``PulledSchema``: `<Name>.swift` with the schema, one
/// `<Name>+<Table>.swift` per table (with its triggers), and files for extensions, schema privileges, default privileges, types, objects as written (domains, aggregates, ...), functions, views and
/// the remaining triggers. Same database, same bytes.
public struct SwiftSourceFiles: Sendable {
    /// File name → contents.
    public var files: [String: String]

    /// Prints `pulled` as the enum `name` (a Swift type name, such as `MyApp`).
    public init(_ pulled: PulledSchema, name: String, origin: String) {
        let schema = pulled.schema
        var files: [String: String] = [:]
        var parts: [String] = []
        var used: Set<String> = []
        func add(_ property: String, _ fileSuffix: String, summary: String, _ body: [String]) {
            var property = property
            while used.contains(property) { property += "_" }
            used.insert(property)
            parts.append(property)
            let lines =
                [
                    "// Written by `rls pull`; edit freely (see Docs/ADOPTING.md).",
                    "import RLSModel",
                    "",
                    "extension \(name) {",
                    "    /// \(SwiftComment.line(summary))",
                    "    @SchemaBuilder static var \(property): [SchemaElement] {",
                ] + body + ["    }", "}", ""]
            var fileName = "\(name)+\(fileSuffix).swift"
            while files[fileName] != nil { fileName = fileName.replacingOccurrences(of: ".swift", with: "_.swift") }
            files[fileName] = lines.joined(separator: "\n")
        }
        let indent = "        "
        if !schema.extensions.isEmpty {
            add(
                "extensions", "Extensions", summary: "Postgres extensions beyond Supabase's own.",
                schema.extensions.map { indent + $0.swiftSource })
        }
        if !schema.schemaPrivileges.isEmpty {
            add(
                "schemaPrivileges", "Schemas", summary: "Who may use (and create in) each database schema.",
                schema.schemaPrivileges.map { indent + $0.swiftSource })
        }
        if !schema.defaultPrivileges.isEmpty {
            add(
                "defaultPrivileges", "DefaultPrivileges",
                summary: "What objects created from now on receive, where it differs from a new Supabase project.",
                schema.defaultPrivileges.map { indent + $0.swiftSource })
        }
        if !schema.enums.isEmpty {
            add("types", "Types", summary: "Enum types.", schema.enums.map { indent + $0.swiftSource })
        }
        if !schema.asWritten.isEmpty {
            add(
                "asWritten", "AsWritten", summary: "Domains, other types, aggregates and sequences, as the database defines them.",
                schema.asWritten.flatMap { [indent + $0.swiftSource(indent: indent), ""] }.dropLast())
        }
        var placedTriggers: Set<String> = []
        for table in schema.tables {
            let words = table.schema == "public" ? [table.name] : [table.schema, table.name]
            var body = (pulled.tableComments[table.qualifiedName.description] ?? []).map { indent + "// " + SwiftComment.line($0) }
            body += table.swiftSource(indent: indent, policyComments: pulled.policyComments)
            for trigger in schema.triggers where trigger.table == table.qualifiedName {
                placedTriggers.insert("\(trigger.table).\(trigger.name)")
                body += ["", indent + trigger.swiftSource]
            }
            let camel = SwiftIdentifier.camelCase(words)
            add(camel + "Table", camel.prefix(1).uppercased() + camel.dropFirst(), summary: "`\(table.qualifiedName)`.", body)
        }
        if !schema.functions.isEmpty {
            add(
                "functions", "Functions", summary: "Functions, as the database defines them.",
                schema.functions.flatMap { [indent + $0.swiftSource(indent: indent), ""] }.dropLast())
        }
        if !schema.views.isEmpty {
            add("views", "Views", summary: "Views.", schema.views.flatMap { [indent + $0.swiftSource(indent: indent), ""] }.dropLast())
        }
        if !schema.buckets.isEmpty {
            add(
                "buckets", "Buckets", summary: "Storage buckets and who may do what with their files.",
                schema.buckets.map { indent + $0.swiftSource(indent: indent) })
        }
        let otherTriggers = schema.triggers.filter { !placedTriggers.contains("\($0.table).\($0.name)") }
        if !otherTriggers.isEmpty {
            add(
                "triggers", "Triggers", summary: "Triggers on tables declared elsewhere (such as `auth.users`).",
                otherTriggers.map { indent + $0.swiftSource })
        }
        var main = [
            "// Written by `rls pull` from \(SwiftComment.line(origin)); edit freely (see Docs/ADOPTING.md).",
            "import RLSModel",
            "",
            "/// The database schema as `rls pull` read it.",
        ]
        if !pulled.notes.isEmpty {
            main += ["///", "/// Not expressed natively (each note says whether the baseline migration holds it):"]
            main += pulled.notes.map { "/// - " + SwiftComment.line($0.description) }
        }
        main += ["public enum \(name) {", "    /// The whole schema.", "    public static let schema = Schema {"]
        main += parts.map { "        " + $0 }
        main += ["    }", "}", ""]
        files["\(name).swift"] = main.joined(separator: "\n")
        self.files = files
    }
}
