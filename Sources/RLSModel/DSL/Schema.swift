/// A whole database schema as the DSL declares it: the input of every later layer.
///
/// ```swift
/// public static let schema = Schema {
///     EnumType("listing_status", values: "available", "sold")
///     Table("brand") { ... }.access(read: .public, write: .serviceRoleOnly)
///     SignUpProfile(table: "profiles", values: ["id": .userID, "email": .email])
///     Bucket("avatars", public: true).access(.ownerFolder)
/// }
/// ```
/// `RLSSQL.render(schema)` turns it into SQL; `validate()` checks it first.
public struct Schema: Sendable, Hashable {
    /// Tables, in declaration order.
    public var tables: [Table]
    /// Enum types, in declaration order.
    public var enums: [EnumType]
    /// Functions with hand-written bodies, in declaration order.
    public var functions: [Function]
    /// Triggers, in declaration order.
    public var triggers: [Trigger]
    /// Views, in declaration order.
    public var views: [View]
    /// Sign-up profile triggers (usually one).
    public var signUpProfiles: [SignUpProfile]
    /// Storage buckets, in declaration order.
    public var buckets: [Bucket] = []
    /// Database schemas whose users are declared outright, in declaration order.
    public var schemaPrivileges: [SchemaPrivileges] = []
    /// Changes to the privileges new objects receive (`alter default privileges`), in declaration order.
    public var defaultPrivileges: [DefaultPrivilege] = []
    /// Postgres extensions the schema needs beyond Supabase's own, in declaration order.
    public var extensions: [Extension] = []
    /// Objects declared by the SQL that creates them (domains, other types, aggregates, sequences), in declaration order.
    public var asWritten: [AsWritten] = []
    /// Where the schema was declared: generated files name it (``origin``), so an adopter's
    /// migrations and docs point at the adopter's own Swift file.
    public var source: DeclarationSite
    /// Objects of the database that plan and diff leave alone (``leavingOut(schemas:tables:functions:)``).
    public var undeclared = UndeclaredObjects()

    /// An empty schema.
    public init(fileID: String = #fileID, line: Int = #line) {
        self.init(elements: [], fileID: fileID, line: line)
    }

    /// A schema from its declarations.
    public init(fileID: String = #fileID, line: Int = #line, @SchemaBuilder _ content: () -> [SchemaElement]) {
        self.init(elements: content(), fileID: fileID, line: line)
    }

    /// A schema from a list of declarations.
    public init(elements: [SchemaElement], fileID: String = #fileID, line: Int = #line) {
        source = DeclarationSite(fileID: fileID, line: line)
        tables = []
        enums = []
        functions = []
        triggers = []
        views = []
        signUpProfiles = []
        for element in elements {
            switch element {
            case .table(let table): tables.append(table)
            case .enumType(let type): enums.append(type)
            case .function(let function): functions.append(function)
            case .trigger(let trigger): triggers.append(trigger)
            case .view(let view): views.append(view)
            case .signUpProfile(let profile): signUpProfiles.append(profile)
            case .bucket(let bucket): buckets.append(bucket)
            case .schemaPrivileges(let privileges): schemaPrivileges.append(privileges)
            case .defaultPrivilege(let privilege): defaultPrivileges.append(privilege)
            case .extension(let declared): extensions.append(declared)
            case .asWritten(let object): asWritten.append(object)
            }
        }
    }

    /// How generated files name this schema: `the schema declared in Policies/MyApp.swift`
    /// (Swift's `#fileID`, module and file, of the `Schema { ... }` that declared it).
    public var origin: String { "the schema declared in \(source.fileID)" }

    /// The declared table with this name.
    public func table(_ name: TableName) -> Table? {
        tables.first { $0.qualifiedName == name }
    }
}
