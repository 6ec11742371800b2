/// Swift names for Postgres names, in the app's style: `seller_id` → `sellerID`, `listing_photo` →
/// `ListingPhoto`, `created_at` → `createdAt`. Whatever the database name holds (spaces, quotes,
/// a leading digit, a keyword), the result is a valid Swift identifier; the original name stays in
/// the `CodingKeys` and constants as a string literal.
enum SwiftIdentifier {
    /// Words written in capitals in Swift's API style (`userID`, `avatarURL`).
    static let acronyms: Set<String> = [
        "id", "ids", "url", "urls", "uuid", "api", "json", "jwt", "http", "https", "html", "ip", "uri", "sql",
    ]

    /// Keywords that need backticks as a property, parameter or case name.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as", "false", "is", "nil",
        "super", "throws", "true", "try", "await", "async", "consume", "copy", "discard", "borrowing", "consuming",
        "package", "any", "some", "Any", "Self", "Type", "self",
    ]

    /// `seller_id` → `sellerID`, `URL slug` → `urlSlug`; backticked when a keyword (`` `default` ``);
    /// `unnamed` when the name holds no letter or digit.
    static func member(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "unnamed" }
        let head = first.lowercased()
        let rest = parts.dropFirst().map(capitalized)
        let joined = startingValidly(head + rest.joined())
        return keywords.contains(joined) ? "`\(joined)`" : joined
    }

    /// `listing_photo` → `ListingPhoto`, `app.setting` words → `AppSetting`.
    static func type(_ names: [String]) -> String {
        let joined = names.flatMap(words).map(capitalized).joined()
        return joined.isEmpty ? "_" : startingValidly(joined)
    }

    /// A parameter for the property `member`, and the name its value has in the body: a parameter
    /// called `self` would hide `self` inside the initializer, so it gets an inner name.
    static func parameter(_ member: String) -> (declaration: String, value: String) {
        bare(member) == "self" ? ("`self` selfValue", "selfValue") : (member, member)
    }

    /// The name without backticks, for building other names from it.
    static func bare(_ member: String) -> String { member.replacingOccurrences(of: "`", with: "") }

    /// The ASCII letter and digit runs of `name`, split also where a lower-case letter meets a capital.
    static func words(_ name: String) -> [String] {
        var result: [String] = []
        var current = ""
        var previousWasLower = false
        for scalar in name.unicodeScalars {
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isDigit = ("0"..."9").contains(scalar)
            guard isLetter || isDigit else {
                if !current.isEmpty { result.append(current) }
                current = ""
                previousWasLower = false
                continue
            }
            let isUpper = ("A"..."Z").contains(scalar)
            if isUpper && previousWasLower && !current.isEmpty {
                result.append(current)
                current = ""
            }
            current.unicodeScalars.append(scalar)
            previousWasLower = !isUpper
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private static func capitalized(_ word: String) -> String {
        let lower = word.lowercased()
        if acronyms.contains(lower) { return lower == "ids" || lower == "urls" ? lower.dropLast().uppercased() + "s" : lower.uppercased() }
        return lower.prefix(1).uppercased() + lower.dropFirst()
    }

    private static func startingValidly(_ identifier: String) -> String {
        guard let first = identifier.unicodeScalars.first else { return "_" }
        return ("0"..."9").contains(first) ? "_" + identifier : identifier
    }
}

/// Hands out names unique within one scope: a second `userID` becomes `userID2`.
struct NameScope {
    private var taken: Set<String>

    init(reserved: Set<String> = []) { taken = reserved }

    mutating func claim(_ wanted: String) -> String {
        let bare = SwiftIdentifier.bare(wanted)
        var candidate = bare
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(bare)\(number)"
            number += 1
        }
        taken.insert(candidate)
        return SwiftIdentifier.keywords.contains(candidate) ? "`\(candidate)`" : candidate
    }
}
