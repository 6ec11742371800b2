/// A whole database schema as the DSL declares it: the input of every later layer.
///
/// ```swift
/// public static let schema = Schema {
///     EnumType("listing_status", values: "available", "sold")
///     Table("brand") { ... }.access(read: .public, write: .serviceRoleOnly)
///     SignUpProfile(table: "profiles", values: ["id": .userID, "email": .email])
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
    /// Objects of the database that plan and diff leave alone (``leavingOut(schemas:tables:functions:)``).
    public var undeclared = UndeclaredObjects()

    /// An empty schema.
    public init() {
        self.init(elements: [])
    }

    /// A schema from its declarations.
    public init(@SchemaBuilder _ content: () -> [SchemaElement]) {
        self.init(elements: content())
    }

    /// A schema from a list of declarations.
    public init(elements: [SchemaElement]) {
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
            }
        }
    }

    /// The declared table with this name.
    public func table(_ name: TableName) -> Table? {
        tables.first { $0.qualifiedName == name }
    }
}
