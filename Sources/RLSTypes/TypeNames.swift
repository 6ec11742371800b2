import RLSModel

/// The Swift type name of every table, view, enum type and function the file declares, unique in
/// the file: `public.listing_photo` → `ListingPhoto`, `app.setting` → `AppSetting`. A name that
/// would hide a type the file or the app uses (`Date`, `Data`, `Result`...) gets a suffix
/// (`DateRow`), and so does a second object that would take a name already given.
struct TypeNames {
    /// Types the generated file and an app's code refer to, which a table must not shadow.
    static let shadowable: Set<String> = [
        "Any", "Array", "Bool", "Calendar", "Character", "Codable", "CodingKey", "Data", "Date", "Decimal", "Decodable",
        "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Error", "Float", "Hashable", "Identifiable", "Int",
        "Int16", "Int32", "Int64", "JSONDecoder", "JSONEncoder", "JSONValue", "Locale", "Never", "Optional", "PostgresJSON",
        "Result", "Self", "Sendable", "Set", "String", "TimeZone", "Type", "URL", "UUID", "Void",
    ]

    private var names: [String: String] = [:]
    private var scope = NameScope(reserved: TypeNames.shadowable)

    init(tables: [Table], views: [View], enums: [EnumType], functions: [Function]) {
        for table in tables { assign(table.qualifiedName, suffix: "Row") }
        for view in views { assign(view.qualifiedName, suffix: "View") }
        for type in enums { assign(type.qualifiedName, suffix: "Type") }
        for function in functions { assign(function.qualifiedName, suffix: "Call") }
    }

    /// The name given to `name` (nil for an object the file does not declare).
    subscript(_ name: QualifiedName) -> String? { names[Self.key(name)] }

    private mutating func assign(_ name: QualifiedName, suffix: String) {
        let parts = name.schema == "public" ? [name.name] : [name.schema, name.name]
        let plain = SwiftIdentifier.type(parts)
        let wanted = Self.shadowable.contains(plain) ? plain + suffix : plain
        names[Self.key(name)] = SwiftIdentifier.bare(scope.claim(wanted))
    }

    private static func key(_ name: QualifiedName) -> String { "\(name.schema)\u{0}\(name.name)" }
}
